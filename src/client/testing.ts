import { act, cleanup } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, vi } from "vitest";

/**
 * Component tests run on Vitest's fake clock, so no test waits on (or races) real time. Testing Library drains its
 * queue after each user event with a zero timeout that it advances only on a fake clock it takes for Jest's: the
 * `jest` stub lets it advance Vitest's.
 */
export function runOnFakeClock() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.stubGlobal("jest", { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });
}

/** A user who clicks and types on the fake clock. */
export function setupUser() {
  return userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
}

/** Moves the fake clock by `ms` and lets what it started (timers, settled saves, re-renders) run. */
export async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}
