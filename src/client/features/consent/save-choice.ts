import { isAnalyticsLoaded } from "./analytics.ts";
import type { ConsentChoices } from "./consent-rules.ts";
import { saveConsent } from "./consent-store.ts";

/**
 * Stores the visitor's choice. A script cannot be unloaded, so withdrawing analytics after
 * it ran reloads the page: the fresh page then runs without it.
 */
export function saveChoice(choices: ConsentChoices) {
  saveConsent(choices);
  if (!choices.analytics && isAnalyticsLoaded()) window.location.reload();
}
