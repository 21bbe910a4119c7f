import { chromium, type Page } from "@playwright/test";
import { throttling } from "lighthouse/core/config/constants.js";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";
import { OFFLINE_KEY, serviceWorkerReady } from "../tests/support/service-worker.ts";
import { cookiesOf } from "./lighthouse-session.ts";

/*
 * A returning man's dashboard (issue 37: "paints his plan within 1.5 s at 8× CPU on slow 4G, also offline"), measured
 * in Chromium itself. Lighthouse cannot: it simulates the network from a load it ran unthrottled, clears the service
 * worker between pages, and never runs a page offline. Here one browser profile keeps what his first visit left (the
 * service worker with the app shell, his offline copy), and each later visit runs with Chromium's own throttling: the
 * CPU slowed, the network at Lighthouse's slow 4G or cut off.
 */

export type Visit = {
  /** Milliseconds from the navigation's start: the first paint, and the first frame with his challenge in it. */
  firstPaint: number;
  plan: number;
  /** The largest paint Chromium reported by then. */
  largestPaint: number;
  /** Long tasks' time over 50 ms each, in the visit's first `SETTLE_MS` (the refresh's answers included). */
  blocking: number;
};

type Options = { baseUrl: string; cookie: string; challengeTitle: string; cpuSlowdown: number; runs: number };

/** Long enough for the refresh's answers to arrive over slow 4G and render. */
const SETTLE_MS = 5_000;

/** The consent a returning man gave on his first visit, so the cookie card is not part of what is measured. */
const CONSENT = JSON.stringify({ essential: true, analytics: false, marketing: false, functional: false, version: 1 });

/** Lighthouse's slow 4G as Chromium's network emulation takes it (bytes per second, request latency). */
const slow4G = {
  latency: throttling.mobileSlow4G.requestLatencyMs,
  downloadThroughput: (throttling.mobileSlow4G.downloadThroughputKbps * 1024) / 8,
  uploadThroughput: (throttling.mobileSlow4G.uploadThroughputKbps * 1024) / 8,
};

/**
 * Runs in the page before its own scripts: stores his consent, and notes the largest paint, the frame in which his
 * first challenge's title is in the page (it paints at the end of that frame), and the blocking time of long tasks
 * (each one's time over 50 ms, as Lighthouse counts it).
 */
const markPlanPaint = `function (consent, title) {
  if (!localStorage.getItem("cookieConsent")) localStorage.setItem("cookieConsent", consent);
  new PerformanceObserver(function (list) {
    for (const entry of list.getEntries()) window.largestPaintAt = entry.startTime;
  }).observe({ type: "largest-contentful-paint", buffered: true });
  window.blockingTime = 0;
  new PerformanceObserver(function (list) {
    for (const entry of list.getEntries()) window.blockingTime += Math.max(0, entry.duration - 50);
  }).observe({ type: "longtask", buffered: true });
  requestAnimationFrame(function look(time) {
    const headings = Array.from(document.querySelectorAll("h3"));
    if (headings.some(function (h) { return h.textContent.trim() === title; })) window.planPaintedAt = time;
    else requestAnimationFrame(look);
  });
}`;

export async function measureReturningDashboard({ baseUrl, cookie, challengeTitle, cpuSlowdown, runs }: Options) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    // A phone's screen, as Lighthouse's mobile profile; the service worker allowed, as in his browser.
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
      serviceWorkers: "allow",
    });
    await context.addCookies(cookiesOf(cookie, baseUrl));
    // A string, not a function: tsx would wrap the function's inner names in a helper the page does not have.
    await context.addInitScript(`(${markPlanPaint})(${JSON.stringify(CONSENT)}, ${JSON.stringify(challengeTitle)})`);
    const page = await context.newPage();

    // His first visit: the server's page; the service worker installs and his offline copy is written.
    await page.goto(`${baseUrl}/dashboard`);
    await serviceWorkerReady(page);
    await page.waitForFunction((key) => localStorage.getItem(key) !== null, OFFLINE_KEY);

    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    const visit = async (offline: boolean): Promise<Visit> => {
      await ageOfflineCopy(page);
      await cdp.send("Network.emulateNetworkConditions", { offline, ...slow4G });
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: cpuSlowdown });
      try {
        await page.goto(`${baseUrl}/dashboard`, { waitUntil: "commit" });
        await page.waitForFunction(() => (window as { planPaintedAt?: number }).planPaintedAt !== undefined, null, {
          timeout: 30_000,
        });
        await page.waitForFunction((settle) => performance.now() > settle, SETTLE_MS);
        return await page.evaluate(() => {
          const marks = window as unknown as { planPaintedAt: number; largestPaintAt?: number; blockingTime: number };
          const paint = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
          return {
            firstPaint: paint,
            plan: marks.planPaintedAt,
            largestPaint: marks.largestPaintAt ?? Number.NaN,
            blocking: marks.blockingTime,
          };
        });
      } finally {
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
        await cdp.send("Network.emulateNetworkConditions", {
          offline: false,
          latency: 0,
          downloadThroughput: -1,
          uploadThroughput: -1,
        });
      }
    };

    // The first return reads the shell's scripts from Cache Storage for the first time, with no compiled code cached
    // yet: reported on its own, since every later return is like the second.
    const firstReturn = await visit(false);
    const online: Visit[] = [];
    const offline: Visit[] = [];
    // Alternating, so a busy moment of this shared machine does not fall on one side only.
    for (let run = 0; run < runs; run += 1) {
      online.push(await visit(false));
      offline.push(await visit(true));
    }
    return { firstReturn, online: median(online), offline: median(offline) };
  } finally {
    await browser.close();
  }
}

/**
 * As if his last visit was an hour ago, not seconds: every answer in his copy is then stale, so the visit refreshes
 * them all, as his real return would.
 */
function ageOfflineCopy(page: Page) {
  return page.evaluate(
    ({ key, hour }) => {
      const copy = JSON.parse(localStorage.getItem(key) ?? "null");
      if (!copy) throw new Error("his offline copy is gone");
      copy.timestamp -= hour;
      for (const query of copy.clientState.queries) query.state.dataUpdatedAt -= hour;
      localStorage.setItem(key, JSON.stringify(copy));
    },
    { key: OFFLINE_KEY, hour: 3_600_000 },
  );
}

/** The run whose plan painted in the middle: its figures belong together. */
function median(visits: Visit[]): Visit {
  const sorted = [...visits].sort((a, b) => a.plan - b.plan);
  return sorted[Math.floor(sorted.length / 2)] as Visit;
}

export function formatVisit(visit: Visit) {
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  return `first paint: ${s(visit.firstPaint)}, his plan: ${s(visit.plan)}, largest paint: ${s(visit.largestPaint)}, blocking time: ${Math.round(visit.blocking)} ms`;
}
