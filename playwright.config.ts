import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, testBrowserPath } from "./tests/support/chromium.ts";
import { E2E } from "./tests/support/e2e-ports.ts";

/**
 * Specs with no layout of their own to check at 1280 px: flows, API answers, e-mails, notifications. Changes sent
 * after a loss of network and a plan streamed by a paced model are the same at every width; their screens are drawn
 * at 1280 px by the dashboard's and the onboarding's specs (decision 0175).
 */
const phoneOnlySpecs = [
  "account-data",
  "auth",
  "billing",
  "calendar",
  "community",
  "proof-photo-size",
  "no-session-pages",
  "offline-changes",
  "plan-streaming",
  "public-analytics",
  "public-consent",
  "push",
  "reminders",
  "routing",
];

export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per e2e port, so parallel runs never delete each other's traces.
  outputDir: E2E.appPort === 3920 ? "test-results" : `.tmp/test-results-${E2E.appPort}`,
  fullyParallel: true,
  // One more than the cores: some tests wait on a clock (a reminder minute, a 20-second model plan) while the others
  // draw. On two cores the suite took 300 s with three workers against 396 s with two (decision 0132).
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  // Room for a busy two-core machine: a journey that takes 20 s alone took 31 s beside other test runs.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E.baseUrl,
    // Recording a trace snapshots every step, also for the tests that pass: about a tenth of the suite's time. CI's
    // log is all anyone reads of a CI run, so .ci/run turns it off (decision 0131); locally a failure keeps its trace.
    trace: process.env.E2E_TRACE === "off" ? "off" : "retain-on-failure",
    launchOptions: { executablePath: testBrowserPath, args: chromiumArgs },
    // Each test's new context would install the service worker and download every file it precaches: a tenth of a
    // dashboard test's time. The specs about the worker (pwa, push) allow it (decision 0131).
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "mobile",
      // A phone's layout at its CSS width, drawn at one device pixel per CSS pixel: Pixel 7's 2.625 made Chromium's
      // software rasteriser paint 6.9 times the pixels, for nothing a test reads (no image here depends on density).
      use: {
        ...devices["Pixel 7"],
        defaultBrowserType: "chromium",
        viewport: { width: 360, height: 780 },
        deviceScaleFactor: 1,
      },
    },
    {
      name: "desktop",
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
      // Behaviour that looks the same at every width runs once, on the phone most users have; the desktop project
      // runs the screens whose layout changes with width (decision 0105).
      testIgnore: phoneOnlySpecs.map((name) => `**/${name}.spec.ts`),
    },
  ],
  webServer: {
    command: "node --import tsx tests/support/e2e-server.ts",
    url: `${E2E.baseUrl}/api/health`,
    // A server left running by a stopped run may serve another checkout's files (a deleted clone answered every proof
    // upload with a 500): CI always starts its own.
    reuseExistingServer: !process.env.CI && !process.env.E2E_FRESH_SERVER,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
