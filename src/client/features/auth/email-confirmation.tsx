import { useEffect, useMemo, useRef } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { Spinner } from "#client/components/spinner.tsx";
import { signOut as endSession } from "#client/lib/auth-client.ts";
import { useSession } from "#client/lib/session.ts";
import { useSignOut } from "#client/lib/sign-out.ts";
import { authMessages, authTimings } from "#shared/account/rules.ts";
import { landingAfterConfirmationPath, paths } from "#shared/paths.ts";

/** Codes the server's confirmation link adds on failure that mean "this link is no good". */
const badLinkCodes = new Set(["INVALID_TOKEN", "TOKEN_EXPIRED", "USER_NOT_FOUND", "INVALID_USER"]);

type Outcome = { kind: "checking" } | { kind: "confirmed" } | { kind: "failed"; message: string };

/**
 * SPEC.md section 4: the link (checked by the server, which then lands here) or an existing
 * session means success; success waits 2 s, signs out and goes home. Anything else is the
 * error view.
 */
function useOutcome(): Outcome {
  const { search, hash } = useLocation();
  const { isPending, user } = useSession();
  return useMemo(() => {
    const query = new URLSearchParams(search);
    const fragment = new URLSearchParams(hash.replace(/^#/, ""));
    const error = query.get("error") ?? fragment.get("error");
    if (error) {
      return {
        kind: "failed",
        message: badLinkCodes.has(error)
          ? authMessages.confirmInvalidLink
          : error === "TOO_MANY_REQUESTS"
            ? authMessages.confirmTooMany
            : authMessages.confirmUnexpected,
      };
    }
    const fromLink = query.get("confirmed") === "1" || ["signup", "email"].includes(fragment.get("type") ?? "");
    if (fromLink) return { kind: "confirmed" };
    if (isPending) return { kind: "checking" };
    return user ? { kind: "confirmed" } : { kind: "failed", message: authMessages.confirmInvalidLink };
  }, [search, hash, isPending, user]);
}

export function EmailConfirmation() {
  const current = useOutcome();
  // Signing out after success must not turn the success view into the error view.
  const settled = useRef<Outcome | null>(null);
  if (!settled.current && current.kind !== "checking") settled.current = current;
  const outcome = settled.current ?? current;
  const navigate = useNavigate();
  const signOut = useSignOut();
  const { user } = useSession();
  const signedInRef = useRef(Boolean(user));
  signedInRef.current = Boolean(user);

  useEffect(() => {
    if (outcome.kind !== "confirmed") return;
    const timer = setTimeout(async () => {
      await signOut();
      navigate(landingAfterConfirmationPath, { replace: true });
    }, authTimings.emailConfirmedRedirectMs);
    // Leaving or closing the page signs out as well (SPEC.md section 4).
    const onPageHide = () => {
      if (signedInRef.current) void endSession({ keepalive: true });
    };
    window.addEventListener("pagehide", onPageHide);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("pagehide", onPageHide);
      if (signedInRef.current) void signOut();
    };
  }, [outcome.kind, signOut, navigate]);

  if (outcome.kind === "checking") {
    return (
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-4 py-6 text-center">
        <Spinner className="size-10" />
        <p className="text-lg text-muted">Confirming your email...</p>
      </div>
    );
  }

  if (outcome.kind === "confirmed") {
    return (
      <div role="status" aria-live="polite" className="flex flex-col items-center gap-3 py-4 text-center">
        <h1 className="font-display text-4xl uppercase tracking-wide sm:text-5xl">Email Verified ✅</h1>
        <p className="text-lg text-text">Your email has been confirmed successfully!</p>
        {/* What comes next, so the home page's "log in" is no surprise (issue 53 row 9). */}
        <p className="text-muted">Next: log in with your e-mail and password to start your challenge.</p>
        <p className="mt-2 inline-flex items-center gap-2 text-sm text-muted">
          <Spinner className="size-4 shrink-0" />
          <span>Redirecting you to the home page...</span>
        </p>
      </div>
    );
  }

  return (
    <div className="flex flex-col items-center gap-4 text-center">
      <h1 className="font-display text-4xl uppercase tracking-wide sm:text-5xl">Email Confirmation Issue</h1>
      <p role="alert" className="max-w-md text-muted">
        {outcome.message}
      </p>
      <p className="max-w-md text-sm text-muted">
        Links work for 24 hours. Trying to log in with an unconfirmed account sends you a fresh one.
      </p>
      <div className="mt-2 flex w-full max-w-sm flex-col gap-3">
        <Link to={paths.challengeAccepted} className="btn-primary w-full px-4 text-sm sm:text-base">
          Continue to Get Started
        </Link>
        <Link to={paths.landing} className="btn-secondary w-full px-4 text-sm sm:text-base">
          Go to Home
        </Link>
      </div>
    </div>
  );
}
