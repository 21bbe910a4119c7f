import { useState } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "../../../shared/paths.ts";
import { useAnalyticsAfterConsent } from "./analytics.ts";
import { ALL_ACCEPTED, ONLY_ESSENTIAL } from "./consent-rules.ts";
import { useConsent } from "./consent-store.ts";
import { CookiePreferences } from "./cookie-preferences.tsx";
import { saveChoice } from "./save-choice.ts";

/**
 * Asks for cookie consent while none is stored (SPEC.md section 2). Rejecting is one tap,
 * exactly like accepting. Also loads the analytics script once consent allows it.
 */
export function CookieBanner() {
  const consent = useConsent();
  const { pathname } = useLocation();
  const [view, setView] = useState<"notice" | "preferences">("notice");
  useAnalyticsAfterConsent(consent);

  // Unknown while pre-rendering and hydrating; the /cookie-banner page shows the same choices itself.
  if (consent !== null || pathname.toLowerCase() === paths.cookieBanner.toLowerCase()) return null;

  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-0 bottom-0 z-50 p-3 sm:p-5 motion-safe:animate-fade-up"
    >
      <div className="mx-auto max-h-[85dvh] max-w-2xl overflow-y-auto rounded-3xl border border-line bg-surface/95 p-4 shadow-[0_-12px_48px_-12px_rgb(0_0_0/0.8)] backdrop-blur sm:p-6">
        <h2 id="cookie-banner-title" className="font-display text-xl uppercase tracking-wide sm:text-2xl">
          Our website uses cookies
        </h2>
        {view === "notice" ? (
          <>
            <p className="mt-1 text-sm leading-6 text-muted">
              Essential ones keep the site working. Analytics only with your OK — change it any time in Cookie settings.
              See our{" "}
              <Link to={paths.privacyPolicy} className="font-medium text-text underline underline-offset-4">
                privacy policy
              </Link>
              .
            </p>
            <div className="mt-4 grid grid-cols-2 gap-2 sm:grid-cols-3 sm:gap-3">
              <button
                type="button"
                className="btn-primary col-span-2 min-h-11 px-3 text-sm sm:col-span-1"
                onClick={() => saveChoice(ALL_ACCEPTED)}
              >
                Accept All Cookies
              </button>
              <button
                type="button"
                className="btn-secondary min-h-11 px-3 text-sm"
                onClick={() => saveChoice(ONLY_ESSENTIAL)}
              >
                Reject non-essential
              </button>
              <button
                type="button"
                className="btn-secondary min-h-11 px-3 text-sm"
                onClick={() => setView("preferences")}
              >
                Manage Cookies
              </button>
            </div>
          </>
        ) : (
          <div className="mt-4">
            <CookiePreferences onSave={saveChoice} onBack={() => setView("notice")} />
          </div>
        )}
      </div>
    </section>
  );
}
