import { useEffect, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { EMAIL_CONFIRMED_PARAM, paths } from "#shared/paths.ts";

/**
 * Issue 35 row 5: the confirmation screen signs him out and goes home (SPEC section 4); the home page then says why he
 * is signed out and puts the login one tap away. The flag is read after hydration (the page is pre-rendered without
 * it) and taken off the address, so a reload or a shared link does not show it again.
 */
export function EmailConfirmedNotice() {
  const [params, setParams] = useSearchParams();
  const [shown, setShown] = useState(false);
  const flagged = params.get(EMAIL_CONFIRMED_PARAM) === "1";

  useEffect(() => {
    if (!flagged) return;
    setShown(true);
    setParams(
      (current) => {
        current.delete(EMAIL_CONFIRMED_PARAM);
        return current;
      },
      { replace: true },
    );
  }, [flagged, setParams]);

  if (!shown) return null;
  return (
    <div className="page-container pt-4 sm:pt-6">
      <div
        role="status"
        className="flex flex-col gap-3 rounded-2xl border border-volt/50 bg-surface p-4 shadow-[0_8px_32px_-12px_rgb(200_255_46/0.35)] sm:flex-row sm:items-center sm:gap-4 sm:px-5"
        data-testid="email-confirmed-notice"
      >
        <p className="flex flex-1 items-baseline gap-2 font-semibold">
          <span aria-hidden="true" className="text-volt">
            ✓
          </span>
          <span>E-mail confirmed — log in to continue</span>
        </p>
        <div className="flex items-center gap-2">
          <Link to={paths.login} className="btn-primary min-h-11 flex-1 px-6 text-sm sm:flex-none">
            Log in
          </Link>
          <button
            type="button"
            onClick={() => setShown(false)}
            aria-label="Dismiss"
            className="inline-flex min-h-11 min-w-11 cursor-pointer items-center justify-center rounded-full text-xl text-muted hover:bg-surface-2 hover:text-text"
          >
            <span aria-hidden="true">×</span>
          </button>
        </div>
      </div>
    </div>
  );
}
