import { describe, expect, it } from "vitest";
import { weeklyStreak } from "#shared/insights/streak.ts";
import { type CheckedInDay, summarize } from "#shared/screen-time/summary.ts";
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
  return {
    dueThisWeek: [],
    completedLastWeek: [],
    progress: [],
    streak: weeklyStreak(mondays, MONDAY),
    screenTime: summarize(null, [], MONDAY),
  };
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

/** A summary on Monday `MONDAY` whose screen-time check-ins are `days` (minutes a day), the earliest his start. */
function summaryWithCheckIns(...days: CheckedInDay[]): WeeklySummary {
  const sorted = [...days].sort((a, b) => a.day.localeCompare(b.day));
  return { ...summaryAfter(""), screenTime: summarize(sorted[0] ?? null, sorted, MONDAY) };
}
const html = (summary: WeeklySummary) => weeklySummaryEmail(ctx, { email: "m@x.test" }, summary, links).html;

describe("his screen time on the Monday summary (issue 55)", () => {
  it("says what he took back against his starting point, in the text and the HTML, and in the push's line", () => {
    const summary = summaryWithCheckIns(
      { day: "2029-12-10", minutes: 310 },
      { day: "2030-01-01", minutes: 240 },
      { day: "2030-01-06", minutes: 180 },
    );
    const line = "Screen time: 1 h 40 min a day taken back against your starting point (based on 2 check-ins).";
    expect(text(summary)).toContain(`${line}\n`);
    expect(html(summary)).toContain(`>${line}</p>`);
    expect(weeklyPushText("Your week", summary).body).toBe(
      "Nothing due this week, 0 completed last week, 1 h 40 min a day taken back. Open your dashboard to plan the week.",
    );
  });

  it("says it plainly when his phone takes more than at his start", () => {
    const summary = summaryWithCheckIns({ day: "2029-12-10", minutes: 200 }, { day: "2030-01-05", minutes: 240 });
    expect(text(summary)).toContain(
      "Screen time: 40 min a day more than at your start (based on 1 check-in). One evening with the phone in another room is a good place to begin.",
    );
    expect(weeklyPushText("Your week", summary).body).toContain("40 min a day more screen time than at your start.");
  });

  it("asks for a check-in this week when he has a starting point but nothing of the last 14 days", () => {
    // His start, then a check-in 15 days before this Monday: outside the 14 days the number is worked out from.
    for (const summary of [
      summaryWithCheckIns({ day: "2029-12-10", minutes: 310 }, { day: "2029-12-23", minutes: 250 }),
      summaryWithCheckIns({ day: "2030-01-06", minutes: 310 }),
    ]) {
      const line = "Check in your screen time this week to see what you have taken back.";
      expect(text(summary)).toContain(line);
      expect(html(summary)).toContain(line);
      expect(text(summary)).not.toContain("Screen time:");
      expect(weeklyPushText("Your week", summary).body).toBe(
        "Nothing due this week, 0 completed last week. Open your dashboard to plan the week.",
      );
    }
  });

  it("invites a man without a check-in to add his phone's number on his dashboard, which the button opens", () => {
    const summary = summaryAfter("");
    const line =
      "How much does your phone take? Add the screen time it shows on your dashboard: it becomes your starting point, and these summaries tell you what you take back.";
    expect(text(summary)).toContain(`${line}\n\nPlan my week:\n${links.dashboardUrl}`);
    expect(html(summary)).toContain(line);
  });

  it("tells his partner nothing of it", () => {
    const summary = summaryWithCheckIns({ day: "2029-12-10", minutes: 310 }, { day: "2030-01-06", minutes: 180 });
    expect(partnerText(summary)).not.toMatch(/screen time|taken back|1 h 40|2 h 10/i);
  });
});
