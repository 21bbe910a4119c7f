import { vi } from "vitest";

/**
 * Sets the app's clock to `now` for a test file (decision 0100). Only Date is faked: faked timers would stall the
 * database driver and the SMTP sink. The clock keeps running from `now`. Returns the undo.
 */
export function useFixedClock(now: Date) {
  vi.useFakeTimers({ toFake: ["Date"], shouldAdvanceTime: true });
  vi.setSystemTime(now);
  return () => vi.useRealTimers();
}
