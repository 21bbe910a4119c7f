import { and, eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { milestones, reminderDeliveries } from "#server/db/schema.ts";
import type { DeliveryOutcome } from "#server/services/outbox/send.ts";
import { deliverReminder } from "#server/services/reminders/deliver.ts";
import { claimDueReminders } from "#server/services/reminders/planner.ts";
import { listOfKind, type ReminderList, reminderMessages } from "#shared/reminders/rules.ts";
import { addDays } from "#shared/time.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * The day these tests live on, whatever the wall clock says (issue 24 #2): a Tuesday, New Year's Day 2030, so that
 * five days on is a Sunday and the morning after that a Monday, when the weekly summary goes out beside the deadline
 * reminders. The app reads the same clock when it checks that a deadline is not in the past.
 */
const TODAY = "2030-01-01";
const today = () => TODAY;

/** The UTC moment at which the clock in a zone with this fixed offset (hours east of UTC) shows `day` `hour`:00. */
function at(day: string, hour: number, offsetHours: number) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + (hour - offsetHours) * 3_600_000);
}

/** The first Monday from tomorrow on: 7 January 2030. */
function nextMonday() {
  for (let day = addDays(today(), 1); ; day = addDays(day, 1)) {
    if (new Date(`${day}T12:00:00Z`).getUTCDay() === 1) return day;
  }
}

const TOKYO = { zone: "Asia/Tokyo", offset: 9 };
const PHOENIX = { zone: "America/Phoenix", offset: -7 };

describe("reminder e-mails, on a clock of their own (issue 24 #2)", () => {
  let t: TestApp;
  beforeAll(async () => {
    useFixedClock(new Date(`${TODAY}T10:00:00Z`));
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  const reminderDeps = () => ({ db: t.db, mailer: t.deps.mailer, env: t.deps.env, logger: t.deps.logger });

  /**
   * Plans at `now` and sends what was claimed for this user on one list, as the queue's two jobs do; answers what
   * each of those deliveries did. (Users of earlier tests share the database and may be due at the same moments; a
   * Monday morning also brings him the weekly summary, which the deadline tests leave aside.)
   */
  async function runAt(now: Date, userId: string, list: ReminderList = "deadlines"): Promise<DeliveryOutcome[]> {
    const outcomes: DeliveryOutcome[] = [];
    for (const id of await claimFor(now, userId, list)) outcomes.push(await deliverReminder(reminderDeps(), id, now));
    return outcomes;
  }

  /** Plans at `now` and answers the deliveries claimed for this user on one list. */
  async function claimFor(now: Date, userId: string, list: ReminderList = "deadlines"): Promise<string[]> {
    const ids = await claimDueReminders(t.db, now);
    const kinds = Object.entries(listOfKind).flatMap(([kind, of]) =>
      of === list ? [kind as keyof typeof listOfKind] : [],
    );
    const his =
      ids.length === 0
        ? []
        : await t.db
            .select({ id: reminderDeliveries.id })
            .from(reminderDeliveries)
            .where(
              and(
                inArray(reminderDeliveries.id, ids),
                eq(reminderDeliveries.userId, userId),
                inArray(reminderDeliveries.kind, kinds),
              ),
            );
    return his.map((row) => row.id);
  }

  /** The message's headers with folded lines unfolded (RFC 5322 2.2.3). */
  const headersOf = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");

  /** A user in `zone` who accepted his first challenge and dated its first milestone `dueDay`. */
  async function userWithDeadline(zone: string, dueDay: string) {
    const { user, plan } = await t.userWithPlan({ firstName: "Marcus" });
    const challenge = plan.challenges[0]!;
    await user.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
    const milestone = challenge.milestones[0]!;
    await user.api.milestones.$patch({ json: { milestones: [{ id: milestone.id, milestoneDeadline: dueDay }] } });
    const saved = await user.api.reminders.settings.$patch({ json: { timeZone: zone } });
    expect(saved.status).toBe(200);
    return { user, challenge, milestone };
  }

  const mailsTo = (email: string) => t.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));

  it("starts with every reminder on, saves his switches and time zone, and refuses an unknown zone", async () => {
    const user = await t.createUser();
    const evening = { screenTimeCheckIn: true, phoneDownAt: null, partnerSeesScreenTime: false };
    expect(await (await user.api.reminders.settings.$get()).json()).toEqual({
      deadlineEmails: true,
      weeklySummary: true,
      timeZone: null,
      ...evening,
    });
    const saved = await user.api.reminders.settings.$patch({
      json: { weeklySummary: false, timeZone: "Europe/Berlin" },
    });
    expect(await saved.json()).toEqual({
      deadlineEmails: true,
      weeklySummary: false,
      timeZone: "Europe/Berlin",
      ...evening,
    });
    // One switch at a time, as two open tabs would save them: each keeps the other's change.
    await user.api.reminders.settings.$patch({ json: { deadlineEmails: false } });
    expect(await (await user.api.reminders.settings.$get()).json()).toEqual({
      deadlineEmails: false,
      weeklySummary: false,
      timeZone: "Europe/Berlin",
      ...evening,
    });

    // Issue 55: the phone-down time is a time on his clock, or null to switch it off; nothing else is stored.
    const late = await user.api.reminders.settings.$patch({ json: { phoneDownAt: "24:10" } });
    expect(late.status).toBe(400);
    expect(await late.json()).toEqual({ error: reminderMessages.phoneDownTimeInvalid });
    await user.api.reminders.settings.$patch({ json: { phoneDownAt: "22:45", partnerSeesScreenTime: true } });
    expect(await (await user.api.reminders.settings.$get()).json()).toMatchObject({
      phoneDownAt: "22:45",
      partnerSeesScreenTime: true,
      screenTimeCheckIn: true,
    });
    await user.api.reminders.settings.$patch({ json: { phoneDownAt: null } });
    expect((await (await user.api.reminders.settings.$get()).json()).phoneDownAt).toBeNull();

    const bad = await user.api.reminders.settings.$patch({ json: { timeZone: "Mars/Olympus_Mons" } });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: reminderMessages.timeZoneInvalid });
    const empty = await user.api.reminders.settings.$patch({ json: {} });
    expect(await empty.json()).toEqual({ error: reminderMessages.nothingToChange });
    expect((await (await user.api.reminders.settings.$get()).json()).timeZone).toBe("Europe/Berlin");
  });

  it("sends the day-before reminder from 08:00 his time, once, and the overdue one when the deadline has passed", async () => {
    const due = addDays(today(), 5);
    const { user, challenge, milestone } = await userWithDeadline(TOKYO.zone, due);

    expect(await runAt(at(addDays(due, -1), 7, TOKYO.offset), user.id)).toEqual([]);
    expect(await runAt(at(addDays(due, -1), 8, TOKYO.offset), user.id)).toEqual(["sent"]);
    const mail = await t.smtp.waitFor(user.email, { subject: /^Due tomorrow/ });
    expect(mail.subject).toBe(`Due tomorrow: ${challenge.title}`);
    expect(mail.text).toContain("Immediate Milestone");
    expect(mail.text).toContain(`${TEST_ORIGIN}/dashboard`);
    expect(mail.text).toContain("Asia/Tokyo");
    // RFC 8058: a one-click address for mail providers and the header that says it takes a POST.
    expect(headersOf(mail.raw)).toMatch(
      /^List-Unsubscribe: <http:\/\/localhost:3000\/api\/reminders\/unsubscribe\?token=[^>]+>/m,
    );
    expect(headersOf(mail.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail.links.some((l) => l.startsWith(`${TEST_ORIGIN}/unsubscribe?token=`))).toBe(true);

    // Later that day, or planned again after a restart: nothing new.
    expect(await runAt(at(addDays(due, -1), 12, TOKYO.offset), user.id)).toEqual([]);
    // 08:00 the next morning in Tokyo is still the due day in UTC: not overdue yet.
    expect(await runAt(at(addDays(due, 1), 8, TOKYO.offset), user.id)).toEqual([]);
    expect(await runAt(at(addDays(due, 1), 9, TOKYO.offset), user.id)).toEqual(["sent"]);
    const overdue = await t.smtp.waitFor(user.email, { subject: /^Overdue/ });
    expect(overdue.text).toContain("is not done yet");
    // Its link opens this milestone's re-plan (issue 27).
    expect(overdue.text).toContain("Re-plan it");
    expect(overdue.links).toContain(`${TEST_ORIGIN}/dashboard?replan=${milestone.id}`);
    expect(await runAt(at(addDays(due, 1), 15, TOKYO.offset), user.id)).toEqual([]);
    expect(mailsTo(user.email).filter((m) => /^(Due tomorrow|Overdue)/.test(m.subject))).toHaveLength(2);
  });

  it("follows a time zone west of UTC, and sends nothing at night", async () => {
    const due = addDays(today(), 5);
    const { user } = await userWithDeadline(PHOENIX.zone, due);
    // 22:00 to 08:00 is night: the day before passes in silence until the morning.
    expect(await runAt(at(addDays(due, -2), 23, PHOENIX.offset), user.id)).toEqual([]);
    expect(await runAt(at(addDays(due, -1), 7, PHOENIX.offset), user.id)).toEqual([]);
    expect(await runAt(at(addDays(due, -1), 8, PHOENIX.offset), user.id)).toEqual(["sent"]);
    // The deadline (end of the due day in UTC) passes at 17:00 in Phoenix, on the due day itself.
    expect(await runAt(at(due, 16, PHOENIX.offset), user.id)).toEqual([]);
    expect(await runAt(at(due, 17, PHOENIX.offset), user.id)).toEqual(["sent"]);
    expect(mailsTo(user.email).map((m) => m.subject.split(":")[0])).toEqual(
      expect.arrayContaining(["Due tomorrow", "Overdue"]),
    );
  });

  it("sends nothing for a completed milestone or with deadline reminders off, and again for a moved deadline", async () => {
    const due = addDays(today(), 5);
    const { user, milestone } = await userWithDeadline(TOKYO.zone, due);
    const morning = at(addDays(due, -1), 10, TOKYO.offset);

    await user.api.reminders.settings.$patch({ json: { deadlineEmails: false } });
    expect(await runAt(morning, user.id)).toEqual([]);
    // Switched back on the same morning: the reminder passed over then is settled, not sent late (decision 0182).
    await user.api.reminders.settings.$patch({ json: { deadlineEmails: true } });
    expect(await runAt(at(addDays(due, -1), 11, TOKYO.offset), user.id)).toEqual([]);

    // A moved deadline earns its reminders. Completed after it was planned but before it went out: dropped, not sent.
    const moved = addDays(due, 3);
    await user.api.milestones.$patch({ json: { milestones: [{ id: milestone.id, milestoneDeadline: moved }] } });
    const movedMorning = at(addDays(moved, -1), 10, TOKYO.offset);
    const claimed = await claimFor(movedMorning, user.id);
    expect(claimed).toHaveLength(1);
    await user.api.milestones[":id"].$patch({ param: { id: milestone.id }, json: { milestoneCompleted: true } });
    expect(await deliverReminder(reminderDeps(), claimed[0]!, movedMorning)).toBe("dropped");
    expect(await deliverReminder(reminderDeps(), claimed[0]!, movedMorning)).toBe("already-sent");

    await user.api.milestones[":id"].$patch({ param: { id: milestone.id }, json: { milestoneCompleted: false } });
    const again = addDays(due, 5);
    await user.api.milestones.$patch({ json: { milestones: [{ id: milestone.id, milestoneDeadline: again }] } });
    expect(await runAt(movedMorning, user.id)).toEqual([]);
    expect(await runAt(at(addDays(again, -1), 10, TOKYO.offset), user.id)).toEqual(["sent"]);
    const rows = await t.db
      .select()
      .from(reminderDeliveries)
      .where(and(eq(reminderDeliveries.userId, user.id), eq(reminderDeliveries.kind, "due_tomorrow")));
    expect(rows.map((r) => r.subjectKey)).toEqual([`${milestone.id}:${again}`]);
  });

  it("sums up his week on Monday morning: what is due, what he completed, progress per challenge", async () => {
    const monday = nextMonday();
    const { user, challenge } = await userWithDeadline(TOKYO.zone, addDays(monday, 2));
    const [, second, third] = challenge.milestones;
    await user.api.milestones.$patch({
      json: {
        milestones: [
          { id: second!.id, milestoneDeadline: addDays(monday, 20) },
          { id: third!.id, milestoneDeadline: addDays(monday, 30) },
        ],
      },
    });
    await user.api.milestones[":id"].$patch({ param: { id: third!.id }, json: { milestoneCompleted: true } });
    // Completed three days before the Monday, on the clock the summary is computed with (not the database's).
    await t.db
      .update(milestones)
      .set({ completedAt: at(addDays(monday, -3), 12, TOKYO.offset) })
      .where(eq(milestones.id, third!.id));

    // Sunday evening in Tokyo is no Monday; Monday 08:00 is.
    expect(await runAt(at(addDays(monday, -1), 20, TOKYO.offset), user.id, "weekly")).not.toContain("sent");
    const sent = await runAt(at(monday, 8, TOKYO.offset), user.id, "weekly");
    expect(sent).toEqual(["sent"]);
    const mail = await t.smtp.waitFor(user.email, { subject: /^Your week/ });
    expect(mail.subject).toBe("Your week: 1 milestone due");
    expect(mail.text).toContain(`Due this week: ${challenge.title}, Immediate Milestone (due`);
    expect(mail.text).toContain(`Completed last week: ${challenge.title}, Medium-term Milestone. Well done.`);
    expect(mail.text).toMatch(new RegExp(`Progress: ${challenge.title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} 33%`));
    // Last week counts for his streak; this one has only begun (issue 27).
    expect(mail.text).toContain("You are on a 1-week streak. One thing done this week keeps it growing.");
    expect(headersOf(mail.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(await runAt(at(monday, 11, TOKYO.offset), user.id, "weekly")).toEqual([]);
  });

  it("issue 55: carries his screen time: what he took back, a check-in asked for, or the invitation to add his number", async () => {
    const monday = nextMonday();
    const checkIn = async (user: TestUser, day: string, minutes: number) => {
      const saved = await user.api["screen-time"].days[":day"].$put({
        param: { day },
        json: { minutes, period: "day", source: "typed" },
      });
      expect(saved.status).toBe(200);
    };
    const newcomer = await userWithDeadline(TOKYO.zone, addDays(monday, 2));
    // His start and one check-in 18 days before the Monday: none in the 14 days the number is worked out from.
    const lapsed = await userWithDeadline(TOKYO.zone, addDays(monday, 2));
    await checkIn(lapsed.user, "2029-12-10", 310);
    await checkIn(lapsed.user, "2029-12-20", 280);
    const keeper = await userWithDeadline(TOKYO.zone, addDays(monday, 2));
    await checkIn(keeper.user, "2029-12-10", 310);
    await checkIn(keeper.user, "2029-12-28", 240);
    await checkIn(keeper.user, today(), 180);

    // One planning run claims all three men's summaries; each is then sent, as the queue's jobs do.
    const moment = at(monday, 8, TOKYO.offset);
    await claimDueReminders(t.db, moment);
    const lineOf = async (user: TestUser) => {
      const [row] = await t.db
        .select({ id: reminderDeliveries.id })
        .from(reminderDeliveries)
        .where(and(eq(reminderDeliveries.userId, user.id), eq(reminderDeliveries.kind, "weekly_summary")));
      expect(await deliverReminder(reminderDeps(), row!.id, moment)).toBe("sent");
      return (await t.smtp.waitFor(user.email, { subject: /^Your week/ })).text;
    };
    /** The line in the text part and, escaped alike, in the HTML part. */
    const twice = (mail: string, line: string) => expect(mail.split(line)).toHaveLength(3);

    twice(
      await lineOf(keeper.user),
      "Screen time: 1 h 40 min a day taken back against your starting point (based on 2 check-ins).",
    );
    twice(await lineOf(lapsed.user), "Check in your screen time this week to see what you have taken back.");
    const invitation = await lineOf(newcomer.user);
    twice(
      invitation,
      "How much does your phone take? Add the screen time it shows on your dashboard: it becomes your starting point, and these summaries tell you what you take back.",
    );
    expect(invitation).not.toContain("Screen time:");
  });

  it("counts last week on his calendar across the summer-time switches: no completion missed or told twice (issue 24 #2)", async () => {
    const { user, challenge } = await userWithDeadline("Europe/Berlin", addDays(today(), 30));
    const [, second, third] = challenge.milestones;
    const completeAt = async (id: string, iso: string) => {
      await user.api.milestones[":id"].$patch({ param: { id }, json: { milestoneCompleted: true } });
      await t.db
        .update(milestones)
        .set({ completedAt: new Date(iso) })
        .where(eq(milestones.id, id));
    };
    // Monday 22 March 2027, 07:30 in Berlin (winter time): the week in which summer time starts.
    await completeAt(second!.id, "2027-03-22T06:30:00Z");
    // Monday 25 October 2027, 08:30 in Berlin (summer time): the week in which it ends.
    await completeAt(third!.id, "2027-10-25T06:30:00Z");
    /** The "Completed last week" line of the summary he gets at `iso`, a Monday morning. */
    const completedLine = async (iso: string) => {
      const since = t.smtp.mails.length;
      expect(await runAt(new Date(iso), user.id, "weekly")).toEqual(["sent"]);
      const mail = await t.smtp.waitFor(user.email, { since, subject: /^Your week/ });
      return /Completed last week: ([^\r\n]*)/.exec(mail.text)?.[1] ?? "nothing";
    };
    // 08:00 on 22 March is 07:00 UTC; 7 × 24 hours before 29 March 08:00 (now summer time) is 22 March 06:00 UTC.
    expect(await completedLine("2027-03-22T07:00:00Z")).not.toContain("Short-term");
    expect(await completedLine("2027-03-29T06:00:00Z")).toBe(`${challenge.title}, Short-term Milestone. Well done.`);
    // 08:00 on 25 October is 06:00 UTC; 7 × 24 hours before 1 November 08:00 (winter time again) is 07:00 UTC.
    expect(await completedLine("2027-10-25T06:00:00Z")).not.toContain("Medium-term");
    expect(await completedLine("2027-11-01T07:00:00Z")).toBe(`${challenge.title}, Medium-term Milestone. Well done.`);
  });

  it("on the Monday after a Sunday deadline sends the overdue reminder and the weekly summary, once each (issue 24 #2)", async () => {
    const sunday = addDays(today(), 5);
    expect(new Date(`${sunday}T12:00:00Z`).getUTCDay()).toBe(0);
    const { user, challenge } = await userWithDeadline(TOKYO.zone, sunday);
    const mondayMorning = at(addDays(sunday, 1), 9, TOKYO.offset);
    await claimDueReminders(t.db, mondayMorning);
    const rows = await t.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, user.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(["overdue", "weekly_summary"]);
    for (const row of rows) expect(await deliverReminder(reminderDeps(), row.id, mondayMorning)).toBe("sent");
    await t.smtp.waitFor(user.email, { subject: /^Your week/ });
    const subjects = mailsTo(user.email).map((m) => m.subject);
    expect(subjects).toContain(`Overdue: ${challenge.title}`);
    expect(subjects.filter((s) => /^(Overdue|Your week)/.test(s))).toHaveLength(2);
    expect(await runAt(at(addDays(sunday, 1), 15, TOKYO.offset), user.id, "deadlines")).toEqual([]);
    expect(await runAt(at(addDays(sunday, 1), 15, TOKYO.offset), user.id, "weekly")).toEqual([]);
  });

  it("turns a list off with the one-click link of the e-mail, and a forged link changes nothing", async () => {
    const due = addDays(today(), 5);
    const { user } = await userWithDeadline(TOKYO.zone, due);
    await runAt(at(addDays(due, -1), 8, TOKYO.offset), user.id);
    const mail = await t.smtp.waitFor(user.email, { subject: /^Due tomorrow/ });
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(headersOf(mail.raw))?.[1];
    expect(oneClick).toBeDefined();
    const url = new URL(oneClick!);

    const forged = url.search.replace(/.{4}$/, "AAAA");
    const refused = await t.request(`${url.pathname}${forged}`, {
      method: "POST",
      headers: { origin: "", "content-type": "application/x-www-form-urlencoded" },
    });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: reminderMessages.unsubscribeInvalid });
    expect((await (await user.api.reminders.settings.$get()).json()).deadlineEmails).toBe(true);

    // Opened in a browser, the address only leads to the page that asks first.
    const opened = await t.request(url.pathname + url.search);
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/unsubscribe${url.search}`);
    expect((await (await user.api.reminders.settings.$get()).json()).deadlineEmails).toBe(true);

    // What a mail provider sends: a POST from its server, no Origin, no cookie, the form body of RFC 8058.
    const response = await t.app.request(url.pathname + url.search, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ list: "deadlines" });
    expect(await (await user.api.reminders.settings.$get()).json()).toMatchObject({
      deadlineEmails: false,
      weeklySummary: true,
    });
    expect(await runAt(at(due, 17, PHOENIX.offset), user.id)).toEqual([]);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
