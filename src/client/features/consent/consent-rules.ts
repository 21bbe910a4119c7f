/** Cookie consent as stored in the browser under localStorage "cookieConsent" (SPEC.md section 2). */
export const CONSENT_STORAGE_KEY = "cookieConsent";

/** Bump when the categories change, so every visitor is asked again. */
export const CONSENT_VERSION = 1;

export type ConsentChoices = { analytics: boolean; marketing: boolean; functional: boolean };

export type StoredConsent = ConsentChoices & { essential: true; version: number; savedAt: string };

export const CONSENT_CATEGORIES = [
  {
    key: "essential",
    label: "Essential",
    description: "Keep you signed in, protect forms and remember this choice. The site cannot work without them.",
  },
  {
    key: "analytics",
    label: "Analytics",
    description: "Count visits and see which pages help, so we can improve them. Loaded only if you switch this on.",
  },
  {
    key: "marketing",
    label: "Marketing",
    description: "Measure whether our ads reach the right people. We use none today and will ask before we do.",
  },
  {
    key: "functional",
    label: "Functional",
    description: "Remember optional settings such as embedded media preferences. None in use today.",
  },
] as const;

export const ALL_ACCEPTED: ConsentChoices = { analytics: true, marketing: true, functional: true };
export const ONLY_ESSENTIAL: ConsentChoices = { analytics: false, marketing: false, functional: false };

/** Reads a stored value; anything malformed or from an older version counts as no choice yet. */
export function parseStoredConsent(raw: string | null): StoredConsent | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<StoredConsent>;
    if (value.version !== CONSENT_VERSION) return null;
    if (typeof value.analytics !== "boolean" || typeof value.marketing !== "boolean") return null;
    if (typeof value.functional !== "boolean") return null;
    return {
      essential: true,
      analytics: value.analytics,
      marketing: value.marketing,
      functional: value.functional,
      version: CONSENT_VERSION,
      savedAt: typeof value.savedAt === "string" ? value.savedAt : "",
    };
  } catch {
    return null;
  }
}
