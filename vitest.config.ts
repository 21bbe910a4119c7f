import { availableParallelism } from "node:os";
import { configDefaults, defineConfig } from "vitest/config";
import { SlowFirstSequencer } from "./tests/support/slow-first-sequencer.ts";

/**
 * The server tests on one database. Each file builds its own app, database and clock (tests/support/test-app.ts,
 * fixed-clock.ts), so a worker keeps the modules it imported for the next file (`isolate: false`): importing the app
 * again for each of 166 files took 314 s of the workers' time in a CI run, 49 s without (decision 0131). What a file
 * may leave behind when it fails before its own undo (a fake clock, a stub) is put back after it. The component tests
 * stay isolated (jsdom).
 */
/**
 * The process tests of the HTTP layer (framing, bodies, headers, client address), which no database answers: they
 * start the bundle `npm start` runs and take a sixth of the server tests' time on a two-core machine. With PostgreSQL
 * at hand they run on it alone, production's database; without it, on PGlite (decision 0175).
 */
const httpLayerProcessTests = ["src/server/http/**/*.process.test.ts", "src/server/auth/client-ip.process.test.ts"];

function serverProject(database: "pglite" | "postgres") {
  return {
    test: {
      name: `server:${database}`,
      include: ["src/server/**/*.test.ts"],
      exclude: [
        ...configDefaults.exclude,
        ...(database === "pglite" && process.env.TEST_DATABASE_URL ? httpLayerProcessTests : []),
      ],
      env: { TEST_DB: database },
      isolate: false,
      setupFiles: ["tests/support/server-file-cleanup.ts"],
      globalSetup: ["tests/support/global-setup.ts"],
      testTimeout: 20_000,
      hookTimeout: 30_000,
    },
  };
}

// The same server tests run once on PGlite and, when TEST_DATABASE_URL is set, once on PostgreSQL.
export default defineConfig({
  test: {
    // Vitest's default leaves one core free, which on a two-core CI machine means one file at a time. The server tests
    // spend much of their time waiting on PostgreSQL and sockets: on two cores, two workers took 579 s instead of 865 s,
    // and three 257 s instead of 293 s (four: 254 s; decision 0132).
    maxWorkers: availableParallelism() + 1,
    sequence: { sequencer: SlowFirstSequencer },
    projects: [
      {
        test: { name: "unit", include: ["src/shared/**/*.test.ts", "src/client/**/*.test.ts", "scripts/**/*.test.ts"] },
      },
      {
        // Components with their timing logic, rendered in a browser-like DOM.
        test: { name: "client", include: ["src/client/**/*.test.tsx"], environment: "jsdom" },
      },
      serverProject("pglite"),
      ...(process.env.TEST_DATABASE_URL
        ? [
            serverProject("postgres"),
            {
              // Several instances of the bundle on one PostgreSQL behind HAProxy (deploy/haproxy.cfg, issue 36): one
              // file at a time, each with a cluster of its own; their waits are for restarts and the job queue.
              test: {
                name: "cluster",
                include: ["tests/cluster/**/*.process.test.ts"],
                env: { TEST_DB: "postgres" },
                globalSetup: ["tests/support/global-setup.ts"],
                fileParallelism: false,
                maxWorkers: 1,
                testTimeout: 120_000,
                hookTimeout: 180_000,
              },
            },
          ]
        : []),
    ],
  },
});
