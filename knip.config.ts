import type { KnipConfig } from "knip";

// Unused files, exports and dependencies (`npm run lint`). Knip's plugins find most entry points on their own: React
// Router (react-router.config.ts, src/client/root.tsx, src/client/routes.ts and every route module it lists),
// Vitest and Playwright (the tests, tests/support/global-setup.ts, the e2e web server), drizzle.config.ts, and the
// files package.json's scripts run. Listed here is what no plugin can see.
export default {
  entry: [
    // The production server, imported by scripts/start.ts once the client is built.
    "src/server/main.ts",
    // The development API, started by scripts/dev.ts as a `tsx watch` child process.
    "src/server/dev-api.ts",
    // Every script is run by hand or from package.json.
    "scripts/*.ts",
    // Run by hand: does sign-up timing tell a registered address from a new one (issue 12, row 5)?
    "tests/bench/signup-timing.ts",
    // The throughput benchmark's servers, each started by tests/bench/throughput.ts as a child process.
    "tests/bench/throughput/*.ts",
    // Run by hand against a seeded database: the reminder job's ticks at every moment of a week (issue 58).
    "tests/bench/reminder-week.ts",
    // Run by hand: what the API document's middleware and validators cost a request (issue 29).
    "tests/bench/api-contract.ts",
    // Run by hand: writes the activity files the proof tests read (issue 26).
    "tests/fixtures/*/make-fixtures.ts",
    // Imported by src/server/routes/openapi/generated-client.test.ts under a name the compiler does not follow.
    "tests/openapi-client/calls.ts",
  ],
  // Written by that test from GET /api/openapi.json, never kept in the repository.
  ignoreUnresolved: ["./api.d.ts"],
  // Swagger UI's files are read from node_modules by the API reference page (src/server/routes/openapi/reference-page.ts,
  // outside production), found with require.resolve, which knip does not follow.
  ignoreDependencies: ["swagger-ui-dist"],
  // CSS too: app.css imports tailwindcss.
  project: ["src/**/*.{ts,tsx,css}", "scripts/**/*.ts", "tests/**/*.ts", "*.ts"],
} satisfies KnipConfig;
