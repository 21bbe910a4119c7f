import type { Page } from "@playwright/test";

export type Consent = { analytics: boolean; marketing: boolean; functional: boolean };

/** Pretends the visitor already answered the cookie banner, so it does not cover the page. */
export async function withStoredConsent(
  page: Page,
  consent: Consent = { analytics: false, marketing: false, functional: false },
) {
  await page.addInitScript((value) => {
    if (!window.localStorage.getItem("cookieConsent")) {
      window.localStorage.setItem(
        "cookieConsent",
        JSON.stringify({ essential: true, ...value, version: 1, savedAt: new Date().toISOString() }),
      );
    }
  }, consent);
}

export async function storedConsent(page: Page) {
  return page.evaluate(() => {
    const raw = window.localStorage.getItem("cookieConsent");
    return raw ? (JSON.parse(raw) as Record<string, unknown>) : null;
  });
}

/** Runs axe-core in the page (the context must bypass the CSP to inject it) and returns its violations. */
export async function axeViolations(page: Page) {
  const axe = await import("axe-core");
  // Contrast is judged on the final frame, not halfway through an entrance animation.
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every(
        (animation) =>
          animation.playState !== "running" ||
          animation.effect?.getTiming().iterations !== 1 ||
          (animation as CSSAnimation).animationName !== "fade-up",
      ),
  );
  await page.addScriptTag({ content: axe.default.source });
  return page.evaluate(async () => {
    const result = await (
      window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: unknown[] }> } }
    ).axe.run(document, { resultTypes: ["violations"] });
    return (result.violations as { id: string; help: string; nodes: { target: string[] }[] }[]).map((v) => ({
      id: v.id,
      help: v.help,
      targets: v.nodes.map((n) => n.target.join(" ")),
    }));
  });
}
