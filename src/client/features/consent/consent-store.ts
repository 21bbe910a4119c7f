import { useSyncExternalStore } from "react";
import {
  CONSENT_STORAGE_KEY,
  CONSENT_VERSION,
  type ConsentChoices,
  parseStoredConsent,
  type StoredConsent,
} from "./consent-rules.ts";

const listeners = new Set<() => void>();
let lastRaw: string | null | undefined;
let lastParsed: StoredConsent | null = null;

function readRaw(): string | null {
  try {
    return window.localStorage.getItem(CONSENT_STORAGE_KEY);
  } catch {
    // Storage blocked (private mode, policies): behave as if nothing was chosen yet.
    return null;
  }
}

// useSyncExternalStore needs the same object back while nothing changed.
function getSnapshot(): StoredConsent | null {
  const raw = readRaw();
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastParsed = parseStoredConsent(raw);
  }
  return lastParsed;
}

// Pre-rendered HTML cannot know the visitor's choice: "undefined" means not known yet.
const getServerSnapshot = () => undefined;

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab saving a choice updates this one too.
  const onStorage = (event: StorageEvent) => {
    if (event.key === CONSENT_STORAGE_KEY || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

/** The stored choice; null when the visitor has not chosen, undefined before the browser is asked. */
export function useConsent(): StoredConsent | null | undefined {
  return useSyncExternalStore<StoredConsent | null | undefined>(subscribe, getSnapshot, getServerSnapshot);
}

export function saveConsent(choices: ConsentChoices) {
  const value: StoredConsent = {
    essential: true,
    analytics: choices.analytics,
    marketing: choices.marketing,
    functional: choices.functional,
    version: CONSENT_VERSION,
    savedAt: new Date().toISOString(),
  };
  try {
    window.localStorage.setItem(CONSENT_STORAGE_KEY, JSON.stringify(value));
  } catch {
    // Without storage the choice holds for this page view only; the banner returns next visit.
    lastRaw = JSON.stringify(value);
    lastParsed = value;
  }
  for (const listener of listeners) listener();
}
