import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { paths } from "#shared/paths.ts";
import { useConsent } from "../features/consent/consent-store.ts";
import { CookiePreferences } from "../features/consent/cookie-preferences.tsx";
import { saveChoice } from "../features/consent/save-choice.ts";
import { config } from "../lib/config.ts";

export function meta() {
  return [
    { title: `Cookie preferences — ${config.appName}` },
    {
      name: "description",
      content: `Choose which cookies ${config.appName} may use. Essential cookies are always on.`,
    },
  ];
}

/** /cookie-banner: the preferences on a page of their own, reached from the footer's "Cookie settings". */
export default function CookieBannerPage() {
  const consent = useConsent();
  const navigate = useNavigate();
  const [saved, setSaved] = useState(false);
  const goBack = () => {
    // Opened directly there is nothing to go back to: go home instead of leaving the site.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(paths.landing);
  };
  return (
    <main className="page-container max-w-2xl py-12 sm:py-20">
      <p className="eyebrow">Your privacy</p>
      <h1 className="mt-3 font-display text-title uppercase">Cookie preferences</h1>
      <p className="mt-4 text-lead text-muted">
        Essential cookies keep the site working and are always on. Everything else is off until you switch it on, and
        you can change your mind here at any time. The details are in our{" "}
        <Link to={paths.privacyPolicy} className="font-medium text-volt underline-offset-4 hover:underline">
          Privacy Policy
        </Link>
        ; who runs this site is in the{" "}
        <Link to={paths.legalNotice} className="font-medium text-volt underline-offset-4 hover:underline">
          Legal Notice
        </Link>
        .
      </p>
      <div className="mt-8">
        <CookiePreferences
          // Remount once the stored choice is known (the pre-rendered page starts with everything off).
          key={consent?.savedAt ?? (consent === undefined ? "unknown" : "none")}
          initial={consent ?? undefined}
          onSave={(choices) => {
            saveChoice(choices);
            setSaved(true);
          }}
          onBack={goBack}
        />
      </div>
      <p role="status" className="mt-4 min-h-6 text-sm font-medium text-success">
        {saved ? "Your cookie preferences are saved." : ""}
      </p>
    </main>
  );
}
