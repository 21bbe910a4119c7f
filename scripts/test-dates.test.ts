import { describe, expect, it } from "vitest";

/**
 * `npm run test:dates` sets the machine's clock and time zone with libfaketime and names the moment here
 * (UNSCROLL_FAKED_NOW, UNSCROLL_FAKED_ZONE): if the faked clock did not take effect (the library not loaded, a
 * variable not passed on), every other file would pass on today's date and prove nothing (issue 39). Outside
 * test:dates there is nothing to check.
 */
const moment = process.env.UNSCROLL_FAKED_NOW;
const zone = process.env.UNSCROLL_FAKED_ZONE;

/** A run of every file at one moment takes minutes on a busy machine; the faked clock keeps running meanwhile. */
const RUN_MINUTES = 60;

describe.skipIf(!moment)("the clock test:dates set is the clock the tests see", () => {
  it("reads the moment it was given, not the machine's day", () => {
    const since = Date.now() - Date.parse(moment ?? "");
    expect(since).toBeGreaterThanOrEqual(-5_000);
    expect(since).toBeLessThan(RUN_MINUTES * 60_000);
  });

  it("runs in the time zone it was given", () => {
    expect(Intl.DateTimeFormat().resolvedOptions().timeZone).toBe(zone);
  });
});
