import { useEffect } from "react";
import { config } from "#client/lib/config.ts";
import type { StoredConsent } from "./consent-rules.ts";

const SCRIPT_ID = "consented-analytics";

// The server stamps a per-request CSP nonce on every <script> it serves; browsers hide the
// attribute after parsing but keep the property.
function pageNonce(): string | undefined {
  for (const script of Array.from(document.scripts)) {
    if (script.nonce) return script.nonce;
  }
  return undefined;
}

export function isAnalyticsLoaded() {
  return document.getElementById(SCRIPT_ID) !== null;
}

/** Adds the analytics script to the page once; later calls do nothing. */
function loadAnalytics(src: string) {
  if (isAnalyticsLoaded()) return;
  const script = document.createElement("script");
  script.id = SCRIPT_ID;
  script.src = src;
  script.async = true;
  const nonce = pageNonce();
  if (nonce) script.nonce = nonce;
  document.head.append(script);
}

/**
 * Loads ANALYTICS_SCRIPT_URL once the visitor has consented to analytics, and never before; never on a page where
 * `allowedHere` is false (an accountability partner's page, whose address is a secret).
 */
export function useAnalyticsAfterConsent(consent: StoredConsent | null | undefined, allowedHere = true) {
  const allowed = consent?.analytics === true && allowedHere;
  useEffect(() => {
    if (allowed && config.analyticsScriptUrl) loadAnalytics(config.analyticsScriptUrl);
  }, [allowed]);
}
