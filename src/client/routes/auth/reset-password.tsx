import { AuthShell } from "#client/features/auth/auth-shell.tsx";
import { ResetPasswordForm } from "#client/features/auth/reset-password-form.tsx";
import { config } from "#client/lib/config.ts";

export function meta() {
  return [{ title: `Reset password — ${config.appName}` }, { name: "referrer", content: "no-referrer" }];
}

export default function ResetPassword() {
  return (
    <AuthShell
      badge="Account Security"
      title="Choose a new password"
      intro={<p>At least 6 characters, with a letter and a number. You will be logged out everywhere afterwards.</p>}
    >
      <ResetPasswordForm />
    </AuthShell>
  );
}
