import { useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation } from "react-router";
import { isPartnerPath, paths } from "#shared/paths.ts";
import { useAnalyticsAfterConsent } from "./analytics.ts";
import { ALL_ACCEPTED, ONLY_ESSENTIAL } from "./consent-rules.ts";
import { useConsent } from "./consent-store.ts";
import { CookiePreferences } from "./cookie-preferences.tsx";
import { saveChoice } from "./save-choice.ts";

/**
 * Asks for cookie consent while none is stored (SPEC.md section 2), on every page but a partner's. Rejecting is one
 * tap, exactly like accepting. Also loads the analytics script once consent allows it.
 */
export function CookieBanner() {
  const consent = useConsent();
  const { pathname } = useLocation();
  const [view, setView] = useState<"notice" | "preferences">("notice");
  const banner = useRef<HTMLElement>(null);
  const [spacer, setSpacer] = useState(0);
  useAnalyticsAfterConsent(consent, !isPartnerPath(pathname));
  // A partner's page sets no cookie but the essential ones and never loads analytics, so there is nothing to ask him
  // there, and the card would cover the page's one button on a phone (issue 35 row 11, decision 0120).
  const shown =
    consent === null && pathname.toLowerCase() !== paths.cookieBanner.toLowerCase() && !isPartnerPath(pathname);

  useLayoutEffect(() => {
    const element = banner.current;
    if (!shown || !element) return;
    const observer = new ResizeObserver(() => setSpacer(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);

  // Unknown while pre-rendering and hydrating; the /cookie-banner page shows the same choices itself.
  if (!shown) return null;

  return (
    <>
      {/* Room at the end of the page, so nothing stays hidden under the fixed banner (issue 16: the login form). */}
      <div aria-hidden="true" style={{ height: spacer }} />
      {/* A card over the foot of a phone's screen; from lg a thin bar along the bottom edge, below the first screen's
          call to action at 1280×800 (issue 53 row 8). */}
      <section
        ref={banner}
        aria-labelledby="cookie-banner-title"
        className="fixed inset-x-0 bottom-0 z-50 p-2 sm:p-5 lg:p-0 motion-safe:animate-fade-up"
      >
        <div
          className={`mx-auto max-h-[85dvh] max-w-2xl overflow-y-auto rounded-2xl border border-line bg-surface/95 p-3 shadow-[0_-12px_48px_-12px_rgb(0_0_0/0.8)] backdrop-blur sm:rounded-3xl sm:p-6 ${view === "notice" ? "lg:flex lg:max-w-none lg:items-center lg:gap-8 lg:rounded-none lg:border-x-0 lg:border-b-0 lg:px-8 lg:py-3" : "lg:mb-5"}`}
        >
          <div className="lg:min-w-0 lg:flex-1">
            <h2
              id="cookie-banner-title"
              className="font-display text-base uppercase tracking-wide sm:text-2xl lg:text-xl"
            >
              Our website uses cookies
            </h2>
            {view === "notice" ? (
              <p className="mt-0.5 text-xs leading-5 text-muted sm:mt-1 sm:text-sm sm:leading-6">
                Essential ones keep the site working. Analytics only with your OK
                <span className="hidden sm:inline"> — change it any time in Cookie settings</span>. See our{" "}
                <Link to={paths.privacyPolicy} className="font-medium text-text underline underline-offset-4">
                  privacy policy
                </Link>
                .
              </p>
            ) : null}
          </div>
          {view === "notice" ? (
            /* Phones: one row, Accept and Reject the same size side by side; Manage the quieter third. */
            <div className="mt-2 grid grid-cols-3 gap-2 sm:mt-4 sm:gap-3 lg:mt-0 lg:w-[36rem] lg:shrink-0">
              <button
                type="button"
                className="btn-primary min-h-11 px-1 text-[0.6875rem] leading-4 tracking-normal sm:px-3 sm:text-sm sm:tracking-wider"
                onClick={() => saveChoice(ALL_ACCEPTED)}
              >
                Accept All Cookies
              </button>
              <button
                type="button"
                className="btn-secondary min-h-11 px-1 text-[0.6875rem] leading-4 tracking-normal sm:px-3 sm:text-sm sm:tracking-wider"
                onClick={() => saveChoice(ONLY_ESSENTIAL)}
              >
                Reject non-essential
              </button>
              <button
                type="button"
                className="inline-flex min-h-11 items-center justify-center px-1 text-center text-[0.6875rem] font-semibold uppercase leading-4 tracking-normal text-muted underline underline-offset-4 hover:text-text sm:rounded-full sm:border sm:border-line sm:px-3 sm:text-sm sm:tracking-wider sm:text-text sm:no-underline sm:hover:bg-surface-2"
                onClick={() => setView("preferences")}
              >
                Manage Cookies
              </button>
            </div>
          ) : (
            <div className="mt-3 sm:mt-4">
              <CookiePreferences onSave={saveChoice} onBack={() => setView("notice")} />
            </div>
          )}
        </div>
      </section>
    </>
  );
}
