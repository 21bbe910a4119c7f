import type { Page } from "@playwright/test";

/** What the page showed of each watched part, and when (ms since the epoch, the same clock as the test's). */
export interface ScreenState {
  at: number;
  parts: Record<string, string[]>;
}

declare global {
  interface Window {
    __screenStates?: ScreenState[];
  }
}

/**
 * Records, in the page itself, every state the watched parts go through: the texts of the elements each selector
 * matches, in document order. A state that lasts a second or two (one challenge of three written, one todo of three)
 * is easy for a test runner on a busy machine to miss when it polls; a MutationObserver in the page sees each one.
 * Call before the page is opened; read with `states()` before leaving it.
 */
export async function recordScreenStates(page: Page, selectors: Record<string, string>) {
  await page.addInitScript((watched: Record<string, string>) => {
    const states: ScreenState[] = [];
    window.__screenStates = states;
    let last = "";
    const look = () => {
      const parts: Record<string, string[]> = {};
      for (const [name, selector] of Object.entries(watched)) {
        parts[name] = [...document.querySelectorAll(selector)].map((element) => element.textContent?.trim() ?? "");
      }
      const key = JSON.stringify(parts);
      if (key === last) return;
      last = key;
      states.push({ at: performance.timeOrigin + performance.now(), parts });
    };
    new MutationObserver(look).observe(document, { childList: true, subtree: true, characterData: true });
  }, selectors);
  return {
    states: () => page.evaluate(() => window.__screenStates ?? []),
  };
}

/** The successive distinct values one part took, skipping the states where it was absent. */
export function valuesOf(states: ScreenState[], part: string): { at: number; texts: string[] }[] {
  const values: { at: number; texts: string[] }[] = [];
  for (const state of states) {
    const texts = state.parts[part] ?? [];
    if (texts.length === 0) continue;
    const previous = values.at(-1);
    if (previous && JSON.stringify(previous.texts) === JSON.stringify(texts)) continue;
    values.push({ at: state.at, texts });
  }
  return values;
}
