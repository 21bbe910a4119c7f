import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { throttling } from "lighthouse/core/config/constants.js";
import { chromiumArgs, chromiumPath } from "../tests/support/chromium.ts";
import { freePort } from "../tests/support/free-port.ts";
import { ensureBuild } from "./ensure-build.ts";

/*
 * `npm run lighthouse`: builds the app for production (into its own folder), starts it on a
 * free port with a throw-away database, and runs Lighthouse's mobile profile on the public
 * pages with Debian's Chromium. Prints the four category scores; exits 1 below the targets.
 * Pages: LIGHTHOUSE_PATHS (comma-separated), default "/,/ChallengePage". LIGHTHOUSE_REPORT_DIR
 * keeps each page's full JSON report. LIGHTHOUSE_CPU_SLOWDOWN (default 8: twice Lighthouse's own 4, a slower phone than
 * its profile, issue 13) sets the simulated CPU slowdown.
 */
const TARGETS = { performance: 95, accessibility: 100, "best-practices": 100, seo: 95 } as const;
const CHROME_FLAGS = ["--headless=new", ...chromiumArgs];

async function waitForHealth(baseUrl: string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const ok = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`The server at ${baseUrl} did not become healthy.`);
}

const port = await freePort();
const baseUrl = `http://localhost:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "unscroll-lighthouse-"));
Object.assign(process.env, {
  // Measure what production serves: the production React build and production settings.
  NODE_ENV: "production",
  AUTH_SECRET: process.env.AUTH_SECRET || randomBytes(32).toString("base64url"),
  BUILD_DIR: process.env.LIGHTHOUSE_BUILD_DIR ?? ".tmp/build-lighthouse",
  PORT: String(port),
  HOST: "127.0.0.1",
  APP_URL: baseUrl,
  DATA_DIR: dataDir,
  // One server on the embedded database: production allows it when told there is only one.
  SINGLE_INSTANCE: "true",
  LOG_LEVEL: "warn",
  // Production refuses to start without Stripe; the measured pages never reach it, so placeholders do.
  STRIPE_SECRET_KEY: process.env.STRIPE_SECRET_KEY || "sk_test_lighthouse_unused",
  STRIPE_WEBHOOK_SECRET: process.env.STRIPE_WEBHOOK_SECRET || "whsec_lighthouse_unused",
  STRIPE_PRICE_MONTHLY: process.env.STRIPE_PRICE_MONTHLY || "price_lighthouse_monthly",
  STRIPE_PRICE_YEARLY: process.env.STRIPE_PRICE_YEARLY || "price_lighthouse_yearly",
});

ensureBuild();
const { startServer } = await import("#server/server.ts");
await startServer({ serveClient: true });
await waitForHealth(baseUrl);

const cpuSlowdown = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN || 8);
console.log(`Lighthouse mobile, CPU slowed ${cpuSlowdown}× (Lighthouse's default is 4×)`);
const paths = (process.env.LIGHTHOUSE_PATHS ?? "/,/ChallengePage").split(",").map((p) => p.trim());
const chrome = await chromeLauncher.launch({
  chromePath: chromiumPath,
  chromeFlags: CHROME_FLAGS,
});
let failed = false;
try {
  for (const path of paths) {
    const result = await lighthouse(`${baseUrl}${path}`, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: Object.keys(TARGETS),
      throttling: { ...throttling.mobileSlow4G, cpuSlowdownMultiplier: cpuSlowdown },
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
    if (process.env.LIGHTHOUSE_REPORT_DIR) {
      const file = join(process.env.LIGHTHOUSE_REPORT_DIR, `${path.replace(/\W+/g, "_") || "root"}.json`);
      writeFileSync(file, JSON.stringify(result.lhr, null, 1));
    }
    if (result.lhr.runtimeError) {
      failed = true;
      console.log(
        `${path.padEnd(16)} Lighthouse error: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`,
      );
      continue;
    }
    const { categories, audits } = result.lhr;
    const scores = Object.keys(TARGETS).map((id) => {
      const score = Math.round((categories[id]?.score ?? 0) * 100);
      const target = TARGETS[id as keyof typeof TARGETS];
      if (score < target) failed = true;
      return `${id} ${score}${score < target ? ` (target ${target})` : ""}`;
    });
    console.log(`${path.padEnd(16)} ${scores.join(" | ")}`);
    const metrics = [
      "first-contentful-paint",
      "largest-contentful-paint",
      "total-blocking-time",
      "cumulative-layout-shift",
    ]
      .map((id) => `${id.replace(/-/g, " ")}: ${audits[id]?.displayValue ?? "?"}`)
      .join(", ");
    console.log(`${"".padEnd(16)} ${metrics}`);
    for (const category of Object.values(categories)) {
      for (const ref of category.auditRefs) {
        const audit = audits[ref.id];
        if (ref.weight > 0 && audit && audit.score !== null && audit.score < 0.9 && category.id !== "performance") {
          console.log(`${"".padEnd(16)} ! ${category.id}: ${audit.title}`);
        }
      }
    }
  }
} finally {
  chrome.kill();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
