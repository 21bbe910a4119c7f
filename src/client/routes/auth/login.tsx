import { AuthShell } from "#client/features/auth/auth-shell.tsx";
import { LoginForm } from "#client/features/auth/login-form.tsx";
import { config } from "#client/lib/config.ts";

export function meta() {
  return [{ title: `Log in — ${config.appName}` }];
}

export default function Login() {
  return (
    <AuthShell
      badge="Member Login"
      title="Sign in to access your dashboard"
      intro={<p>Your mission, your challenges and your progress are waiting.</p>}
    >
      <LoginForm />
    </AuthShell>
  );
}
