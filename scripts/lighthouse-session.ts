import { chromium } from "@playwright/test";

/** A Cookie header (`a=1; b=2`) as the cookies of `baseUrl` a browser context takes. */
export function cookiesOf(cookie: string, baseUrl: string) {
  return cookie.split(/;\s*/).map((pair) => {
    const at = pair.indexOf("=");
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url: baseUrl };
  });
}

/**
 * Puts his session in the cookie jar of the browser Lighthouse drives (or empties the jar, `cookie` null), as his own
 * browser holds it. Lighthouse's `extraHeaders: {Cookie}` did not hold: once the first answer had set a cookie of the
 * site (the offline copy's tag, decision 0170), Chromium sent its jar's cookie header instead, so the screen's own API
 * calls went without his session and were answered 401, an error in the console that cost best practices its 100.
 */
export async function holdSession(port: number, baseUrl: string, cookie: string | null) {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const [context] = browser.contexts();
    if (!context) throw new Error("Lighthouse's browser has no default context");
    await context.clearCookies();
    if (cookie) {
      await context.addCookies(cookiesOf(cookie, baseUrl));
    }
  } finally {
    // Connected, not launched: closing disconnects and leaves Lighthouse's browser running.
    await browser.close();
  }
}
