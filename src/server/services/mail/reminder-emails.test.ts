import { describe, expect, it } from "vitest";
import { weeklyStreak } from "#shared/insights/streak.ts";
import { addDays } from "#shared/time.ts";
import { weeklyPushText } from "../reminders/reminder-push.ts";
import { partnerWeeklyEmail } from "./partner-emails.ts";
import { type WeeklySummary, weeklySummaryEmail } from "./reminder-emails.ts";

/** Where the streak stands on the Monday summaries (issue 27): his e-mail, his push, his partner's e-mail. */

const ctx = { appName: "Unscroll", appUrl: "https://unscroll.test", supportEmail: "help@unscroll.test" };
const links = { dashboardUrl: "https://unscroll.test/dashboard", unsubscribeUrl: "https://unscroll.test/unsubscribe" };
const MONDAY = "2030-01-07";

/** A summary on Monday `MONDAY` after `history` (oldest week first, last week last: `x` active, `.` not). */
function summaryAfter(history: string, thisWeek = false): WeeklySummary {
  const weeks = [...history, thisWeek ? "x" : "."];
  const mondays = weeks.flatMap((mark, i) => (mark === "x" ? [addDays(MONDAY, (i - weeks.length + 1) * 7)] : []));
  return { dueThisWeek: [], completedLastWeek: [], progress: [], streak: weeklyStreak(mondays, MONDAY) };
}

const text = (summary: WeeklySummary) => weeklySummaryEmail(ctx, { email: "m@x.test" }, summary, links).text;
const partnerText = (summary: WeeklySummary) =>
  partnerWeeklyEmail(ctx, { email: "sam@x.test", firstName: "Sam" }, "Marcus", summary, {
    unsubscribeUrl: "https://unscroll.test/partner/unsubscribe",
    cheerUrl: "https://unscroll.test/partner/cheer?token=t",
  }).text;

describe("the streak on the Monday summary (issue 27)", () => {
  it("tells a running streak with its rest weeks, and what keeps it", () => {
    expect(text(summaryAfter("xx.xxx"))).toContain(
      "You are on a 6-week streak (1 rest week). One thing done this week keeps it growing.",
    );
    expect(text(summaryAfter("xxxx."))).toContain(
      "You are on a 5-week streak (1 rest week). Your rest week is used, so one thing done this week keeps it alive.",
    );
    expect(text(summaryAfter("xx", true))).toContain("You are on a 3-week streak. This week already counts.");
  });

  it("invites him to start one when none is running, without counting what was lost", () => {
    for (const history of ["", "xxxx.."]) {
      const body = text(summaryAfter(history));
      expect(body).toContain(
        "A week counts for your streak when you complete one todo or milestone: start one this week.",
      );
      expect(body).not.toMatch(/-week streak/);
    }
  });

  it("puts the streak in the push notification's line while one runs", () => {
    expect(weeklyPushText("Your week", summaryAfter("xxx.xx")).body).toBe(
      "Nothing due this week, 0 completed last week, 6-week streak (1 rest week). Open your dashboard to plan the week.",
    );
    expect(weeklyPushText("Your week", summaryAfter("")).body).toBe(
      "Nothing due this week, 0 completed last week. Open your dashboard to plan the week.",
    );
  });

  it("tells his partner a running streak, and says nothing of one that ended", () => {
    expect(partnerText(summaryAfter("xx.x"))).toContain("Marcus is on a 4-week streak (1 rest week).");
    expect(partnerText(summaryAfter("xx.."))).not.toMatch(/streak/);
  });
});
