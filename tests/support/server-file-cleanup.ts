import { afterAll, vi } from "vitest";

// The server projects share modules between the files a worker runs (isolate: false in vitest.config.ts): a file
// that faked the clock or stubbed a global and failed before its own undo must not hand that to the next file.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});
