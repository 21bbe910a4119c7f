import { describe, expect, it } from "vitest";
import { DEFAULT_PHONE_DOWN_AT, suggestPhoneDownTime } from "./rules.ts";

describe("the phone-down time suggested from his first quiz answer (issue 55)", () => {
  it("gets ahead of the earliest night-time hour he names, on a quarter hour between 20:00 and 23:30", () => {
    const cases: Array<[string, string, string | null]> = [
      ["I scroll in bed till 1am most nights.", "23:30", "till 1am"],
      ["Scrolling until midnight, every single day.", "23:30", "until midnight"],
      ["After 11pm it's just TikTok.", "22:30", "After 11pm"],
      ["Dinner, then Netflix and Instagram from 9 to 12.", "20:30", "from 9"],
      ["I get home at 6pm and I'm on reels till 11.", "22:30", "till 11"],
      ["Usually on the phone around 22:15, sometimes longer.", "21:45", "around 22:15"],
      ["Bed at 11.30 pm, then the phone until 2", "23:00", "at 11.30 pm"],
      ["After 11am meetings, then the evening disappears", DEFAULT_PHONE_DOWN_AT, null],
    ];
    for (const [answer, at, because] of cases) expect(suggestPhoneDownTime(answer), answer).toEqual({ at, because });
  });

  it("offers the plain 22:30 when he names no evening hour, or has no answer", () => {
    for (const answer of ["Most of my evening disappears into my phone, 3 hours easily.", "", null, undefined]) {
      expect(suggestPhoneDownTime(answer)).toEqual({ at: DEFAULT_PHONE_DOWN_AT, because: null });
    }
  });
});
