import { defineConfig, devices } from "@playwright/test";
import { chromiumArgs, chromiumPath } from "./tests/support/chromium.ts";
import { E2E } from "./tests/support/e2e-ports.ts";

export default defineConfig({
  testDir: "tests/e2e",
  // One output folder per e2e port, so parallel runs never delete each other's traces.
  outputDir: E2E.appPort === 3920 ? "test-results" : `.tmp/test-results-${E2E.appPort}`,
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E.baseUrl,
    trace: "retain-on-failure",
    launchOptions: { executablePath: chromiumPath, args: chromiumArgs },
  },
  projects: [
    {
      name: "mobile",
      use: { ...devices["Pixel 7"], defaultBrowserType: "chromium", viewport: { width: 360, height: 780 } },
    },
    { name: "desktop", use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } } },
  ],
  webServer: {
    command: "node --import tsx tests/support/e2e-server.ts",
    url: `${E2E.baseUrl}/api/health`,
    reuseExistingServer: !process.env.CI,
    timeout: 180_000,
    stdout: "pipe",
    stderr: "pipe",
  },
});
