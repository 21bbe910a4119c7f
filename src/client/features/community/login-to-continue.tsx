import { paths } from "#shared/paths.ts";

/**
 * SPEC.md: without a session, 'Log In to Continue' leads to /login. A full page load, not a client-side jump: the
 * cached session still names the user whose session ended, and the login screen would send him back here.
 */
export function LoginToContinue({ className = "" }: { className?: string }) {
  return (
    <a href={paths.loginAlias} className={`btn-primary ${className}`}>
      Log In to Continue
    </a>
  );
}
