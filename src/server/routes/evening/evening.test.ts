import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import { reminderDeliveries } from "#server/db/schema.ts";
import { answerPhoneDown, phoneDownToken } from "#server/services/evening/answer.ts";
import { claimDueCheckIns, claimDuePhoneDowns } from "#server/services/evening/claims.ts";
import { deliverEveningNudge } from "#server/services/evening/deliver.ts";
import type { DeliveryOutcome } from "#server/services/outbox/send.ts";
import { eveningMessages } from "#shared/evening/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { type FakePushService, startFakePushService } from "#tests/support/fake-push-service.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import type { CapturedMail } from "#tests/support/smtp-sink.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * The evening (issue 55, decision 0161) on fixed clocks: every moment is written out with the UTC offset Berlin has on
 * that day, so the summer-time changes of 29 March and 25 October 2026 are in the test, not in the wall clock.
 */
const BERLIN = "Europe/Berlin";
/** The UTC moment Berlin's clock shows `day` `time`, with that day's offset (1 in winter, 2 in summer). */
const berlin = (day: string, time: string, offset: 1 | 2) =>
  new Date(Date.parse(`${day}T${time}:00Z`) - offset * 3_600_000);

describe("the evening: the phone-down nudge and the weekly check-in nudge (issue 55)", () => {
  let t: TestApp;
  let push: FakePushService;
  let second: Database | undefined;
  beforeAll(async () => {
    useFixedClock(berlin("2026-03-28", "12:00", 1));
    push = await startFakePushService();
    t = await createTestApp();
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
    await push.close();
    vi.useRealTimers();
  });

  const deps = (db = t.db) => ({ db, mailer: t.deps.mailer, env: t.deps.env, logger: t.deps.logger });

  /** One planning tick's evening claims at `now`, and the sending of this man's, as the queue's two jobs do. */
  async function runAt(now: Date, userId: string, db = t.db): Promise<DeliveryOutcome[]> {
    const ids = [...(await claimDuePhoneDowns(db, now)), ...(await claimDueCheckIns(db, now))];
    const his = ids.length === 0 ? [] : await deliveriesOf(userId, ids);
    const outcomes: DeliveryOutcome[] = [];
    for (const id of his) outcomes.push(await deliverEveningNudge(deps(db), id, now));
    return outcomes;
  }
  async function deliveriesOf(userId: string, ids: string[]) {
    const rows = await t.db
      .select({ id: reminderDeliveries.id })
      .from(reminderDeliveries)
      .where(and(inArray(reminderDeliveries.id, ids), eq(reminderDeliveries.userId, userId)));
    return rows.map((row) => row.id);
  }

  const mailsTo = (user: TestUser, subject: string) =>
    t.smtp.mails.filter((m) => m.to.includes(user.email.toLowerCase()) && m.subject === subject);
  const headersOf = (mail: CapturedMail) => mail.raw.slice(0, mail.raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");

  /** A man in Berlin who picked `phoneDownAt`, with an accepted plan if `plan`, and a push device if `device`. */
  async function man(options: { phoneDownAt: string | null; plan?: boolean; device?: boolean }) {
    let user: TestUser;
    let step: string | null = null;
    if (options.plan) {
      const made = await t.userWithPlan({ firstName: "Marcus" });
      user = made.user;
      const challenge = made.plan.challenges[0]!;
      await user.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
      step = challenge.milestones[0]!.milestoneDescription;
    } else {
      user = await t.createUser({ firstName: "Jonas" });
    }
    const saved = await user.api.reminders.settings.$patch({
      json: { timeZone: BERLIN, phoneDownAt: options.phoneDownAt },
    });
    expect(saved.status).toBe(200);
    const device = options.device ? push.subscribe() : null;
    if (device) {
      const body = { endpoint: device.endpoint, expirationTime: null, keys: device.keys };
      expect((await user.api.push.subscriptions.$post({ json: body })).status).toBe(200);
    }
    return { user, device, step };
  }

  it("pushes one phone-down nudge at 22:45 his time, before and after each summer-time change, with tonight's step and a Phone down action", async () => {
    const { user, device, step } = await man({ phoneDownAt: "22:45", plan: true, device: true });
    const evenings: Array<[string, 1 | 2]> = [
      ["2026-03-28", 1],
      ["2026-03-29", 2],
      ["2026-10-24", 2],
      ["2026-10-25", 1],
    ];
    for (const [day, offset] of evenings) {
      vi.setSystemTime(berlin(day, "12:00", offset));
      expect(await runAt(berlin(day, "22:44", offset), user.id), `${day} 22:44`).toEqual([]);
      expect(await runAt(berlin(day, "22:45", offset), user.id), `${day} 22:45`).toEqual(["sent"]);
      expect(await runAt(berlin(day, "22:50", offset), user.id), `${day} 22:50`).toEqual([]);
      expect(await runAt(berlin(day, "23:59", offset), user.id), `${day} 23:59`).toEqual([]);
    }
    const received = push.pushesTo(device!);
    expect(received).toHaveLength(4);
    const notice = JSON.parse(device!.decrypt(received[3]!.body));
    expect(notice).toMatchObject({ title: "Phone down.", url: expect.stringMatching(/^\/phone-down\?token=/) });
    expect(notice.body).toBe(`Tonight's one step: ${step}`);
    expect(notice.actions).toEqual([
      {
        action: "phone-down",
        title: "Phone down",
        post: expect.stringMatching(/^\/api\/evening\/phone-down\/link\?token=/),
      },
    ]);
    // The subjects are the evenings on his clock; no e-mail went out beside the pushes.
    const rows = await t.db
      .select({ subject: reminderDeliveries.subjectKey })
      .from(reminderDeliveries)
      .where(and(eq(reminderDeliveries.userId, user.id), eq(reminderDeliveries.kind, "phone_down")));
    expect(rows.map((r) => r.subject).sort()).toEqual(evenings.map(([day]) => day));
    expect(mailsTo(user, "Phone down.")).toEqual([]);

    // The action posts the nudge's token: the answer counts for that evening, once.
    vi.setSystemTime(berlin("2026-10-25", "22:46", 1));
    const tapped = await t.request(notice.actions[0].post, { method: "POST" });
    expect(tapped.status).toBe(200);
    expect(await tapped.json()).toMatchObject({ day: "2026-10-25", alreadyCounted: false });
  });

  it("sends it once when two instances plan the same minute", async () => {
    vi.setSystemTime(berlin("2026-03-29", "12:00", 2));
    const { user, device } = await man({ phoneDownAt: "22:45", device: true });
    if (t.databaseUrl) second = await openDatabase({ kind: "postgres", url: t.databaseUrl, poolSize: 3 });
    const other = second?.db ?? t.db;
    const at = berlin("2026-03-29", "22:45", 2);
    const outcomes = await Promise.all([
      runAt(at, user.id, t.db),
      runAt(at, user.id, other),
      runAt(at, user.id, t.db),
      runAt(at, user.id, other),
    ]);
    expect(outcomes.flat()).toEqual(["sent"]);
    expect(push.pushesTo(device!)).toHaveLength(1);
  });

  it("e-mails him without a push device: tonight's plain words, a one-tap page that records only on POST, and quiet once he answered", async () => {
    vi.setSystemTime(berlin("2026-11-27", "12:00", 1));
    const { user } = await man({ phoneDownAt: "22:45" });
    expect(await runAt(berlin("2026-11-27", "22:45", 1), user.id)).toEqual(["sent"]);
    const [mail] = mailsTo(user, "Phone down.");
    expect(mail).toBeDefined();
    expect(mail!.text).toContain("Put it in another room and take the evening back.");
    expect(headersOf(mail!)).toMatch(/List-Unsubscribe: <http[^>]+\/api\/reminders\/unsubscribe\?token=/);
    const link = new URL(mail!.links.find((l) => l.includes("/phone-down?token="))!);
    const token = link.searchParams.get("token")!;

    // Opening the link (a mail scanner does) records nothing.
    vi.setSystemTime(berlin("2026-11-27", "22:50", 1));
    const opened = await t.api.evening["phone-down"].link.$get({ query: { token } });
    expect(await opened.json()).toEqual({ day: "2026-11-27", answered: false });
    expect(link.pathname).toBe("/phone-down");
    // The page's button POSTs; a second tap changes nothing and says so.
    const first = await t.api.evening["phone-down"].link.$post({ query: { token } });
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ day: "2026-11-27", alreadyCounted: false, streakWeeks: 1 });
    const again = await t.api.evening["phone-down"].link.$post({ query: { token } });
    expect(await again.json()).toEqual({ day: "2026-11-27", alreadyCounted: true, streakWeeks: 1 });

    // Answered in the app before his time the next evening: nothing is sent that evening.
    vi.setSystemTime(berlin("2026-11-28", "21:00", 1));
    const early = await user.api.evening["phone-down"].$post({ json: { day: "2026-11-28" } });
    expect(await early.json()).toMatchObject({ day: "2026-11-28", alreadyCounted: false });
    expect(await runAt(berlin("2026-11-28", "22:45", 1), user.id)).toEqual([]);
    // Claimed, then answered before the job ran: dropped, nothing sent.
    expect(
      await claimDuePhoneDowns(t.db, berlin("2026-11-29", "22:45", 1)).then((ids) => deliveriesOf(user.id, ids)),
    ).toHaveLength(1);
    await answerPhoneDown(t.db, user.id, "2026-11-29", berlin("2026-11-29", "22:45", 1));
    const [claimed] = await t.db
      .select({ id: reminderDeliveries.id })
      .from(reminderDeliveries)
      .where(and(eq(reminderDeliveries.userId, user.id), eq(reminderDeliveries.subjectKey, "2026-11-29")));
    expect(await deliverEveningNudge(deps(), claimed!.id, berlin("2026-11-29", "22:46", 1))).toBe("dropped");
    expect(mailsTo(user, "Phone down.")).toHaveLength(1);
  });

  it("sends none before his time, catches up a missed tick for under 2 hours (past midnight too), never later, and none when off", async () => {
    vi.setSystemTime(berlin("2026-12-01", "12:00", 1));
    const late = await man({ phoneDownAt: "23:30" });
    const later = await man({ phoneDownAt: "23:30" });
    const off = await man({ phoneDownAt: null });
    expect(await runAt(berlin("2026-12-01", "23:29", 1), late.user.id)).toEqual([]);
    // 1 h 59 min after his time, the next day on his clock: still that evening's nudge.
    expect(await runAt(berlin("2026-12-02", "01:29", 1), late.user.id)).toEqual(["sent"]);
    const [row] = await t.db
      .select({ subject: reminderDeliveries.subjectKey })
      .from(reminderDeliveries)
      .where(eq(reminderDeliveries.userId, late.user.id));
    expect(row?.subject).toBe("2026-12-01");
    // 2 h after: never.
    expect(await runAt(berlin("2026-12-02", "01:30", 1), later.user.id)).toEqual([]);
    expect(await runAt(berlin("2026-12-02", "03:00", 1), later.user.id)).toEqual([]);
    for (const time of ["20:00", "22:45", "23:30", "23:59"]) {
      expect(await runAt(berlin("2026-12-01", time, 1), off.user.id)).toEqual([]);
    }
    expect(mailsTo(off.user, "Phone down.")).toEqual([]);
  });

  it("nudges a check-in on Sunday evening unless he checked in during the last 7 days or turned it off; once a week", async () => {
    vi.setSystemTime(berlin("2026-11-29", "12:00", 1));
    const due = (await man({ phoneDownAt: null, plan: true })).user;
    const recent = (await man({ phoneDownAt: null, plan: true })).user;
    const switchedOff = (await man({ phoneDownAt: null, plan: true })).user;
    await t.db.execute(sql`insert into screen_time_days (user_id, day, minutes, period, source)
      values (${recent.id}, '2026-11-23', 190, 'day', 'typed'), (${due.id}, '2026-11-22', 200, 'day', 'typed')`);
    await switchedOff.api.reminders.settings.$patch({ json: { screenTimeCheckIn: false } });

    expect(await runAt(berlin("2026-11-29", "17:59", 1), due.id)).toEqual([]);
    expect(await runAt(berlin("2026-11-30", "18:00", 1), due.id)).toEqual([]);
    expect(await runAt(berlin("2026-11-29", "18:00", 1), due.id)).toEqual(["sent"]);
    expect(await runAt(berlin("2026-11-29", "21:00", 1), due.id)).toEqual([]);
    expect(await runAt(berlin("2026-11-29", "18:00", 1), recent.id)).toEqual([]);
    expect(await runAt(berlin("2026-11-29", "18:00", 1), switchedOff.id)).toEqual([]);
    const [mail] = mailsTo(due, "Check in your screen time");
    expect(mail?.text).toContain("Digital Wellbeing");
    expect(headersOf(mail!)).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    // The next Sunday it comes again.
    expect(await runAt(berlin("2026-12-06", "19:00", 1), due.id)).toEqual(["sent"]);
  });

  it("turns each list off with the one-click link of its e-mail", async () => {
    vi.setSystemTime(berlin("2026-12-06", "12:00", 1));
    const { user } = await man({ phoneDownAt: "21:00", plan: true });
    expect(await runAt(berlin("2026-12-06", "21:00", 1), user.id)).toEqual(["sent", "sent"]);
    for (const [subject, field, off] of [
      ["Phone down.", "phoneDownAt", null],
      ["Check in your screen time", "screenTimeCheckIn", false],
    ] as const) {
      const [mail] = mailsTo(user, subject);
      const oneClick = new URL(/List-Unsubscribe: <([^>]+)>/.exec(headersOf(mail!))![1]!);
      const response = await t.app.request(oneClick.pathname + oneClick.search, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: "List-Unsubscribe=One-Click",
      });
      expect(response.status).toBe(200);
      expect((await (await user.api.reminders.settings.$get()).json())[field]).toBe(off);
    }
    expect(await runAt(berlin("2026-12-07", "21:00", 1), user.id)).toEqual([]);
    expect(await runAt(berlin("2026-12-13", "21:00", 1), user.id)).toEqual([]);
  });

  it("counts his answer in his weekly streak, and shows where tonight stands", async () => {
    vi.setSystemTime(berlin("2026-12-09", "21:00", 1));
    const { user } = await man({ phoneDownAt: "22:00" });
    expect(await (await user.api.evening.$get()).json()).toEqual({
      phoneDownAt: "22:00",
      suggestion: { at: "22:30", because: null },
      tonight: { day: "2026-12-09", passed: false, answered: false },
    });
    expect((await (await user.api.insights.$get()).json()).streak).toMatchObject({ weeks: 0, thisWeekDone: false });
    vi.setSystemTime(berlin("2026-12-09", "22:10", 1));
    expect((await (await user.api.evening.$get()).json()).tonight).toMatchObject({ passed: true, answered: false });
    const answer = await user.api.evening["phone-down"].$post({ json: { day: "2026-12-09" } });
    expect(await answer.json()).toEqual({ day: "2026-12-09", alreadyCounted: false, streakWeeks: 1 });
    expect((await (await user.api.evening.$get()).json()).tonight).toMatchObject({ answered: true });
    expect((await (await user.api.insights.$get()).json()).streak).toMatchObject({ weeks: 1, thisWeekDone: true });
    // The week after, that week still counts: his streak runs into the new week.
    vi.setSystemTime(berlin("2026-12-14", "22:10", 1));
    await user.api.evening["phone-down"].$post({ json: { day: "2026-12-14" } });
    expect((await (await user.api.insights.$get()).json()).streak).toMatchObject({ weeks: 2, thisWeekDone: true });
  });

  it("never lets one man's link answer for another, and refuses bad input with a clear 400", async () => {
    vi.setSystemTime(berlin("2026-12-10", "22:00", 1));
    const { user: him } = await man({ phoneDownAt: "22:00" });
    const { user: other } = await man({ phoneDownAt: "22:00" });
    const now = new Date();
    const hisToken = phoneDownToken(t.deps.env.AUTH_SECRET, him.id, "2026-12-10", now);
    // The payload names him; putting the other man's id in it breaks the signature.
    const [, day, expires, signature] = hisToken.split(".");
    const forged = [Buffer.from(other.id).toString("base64url"), day, expires, signature].join(".");
    const refused = await t.api.evening["phone-down"].link.$post({ query: { token: forged } });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({ error: eveningMessages.linkInvalid });
    expect((await (await other.api.evening.$get()).json()).tonight?.answered).toBe(false);
    // His own token, sent by the other man signed in, still answers for him alone.
    await other.api.evening["phone-down"].link.$post({ query: { token: hisToken } });
    expect((await (await him.api.evening.$get()).json()).tonight?.answered).toBe(true);
    expect((await (await other.api.evening.$get()).json()).tonight?.answered).toBe(false);

    const bad: Array<[unknown, string]> = [
      [{ day: "tonight" }, eveningMessages.dayInvalid],
      [{ day: "2026-12-08" }, eveningMessages.notTonight],
      [{ day: "2026-12-11" }, eveningMessages.notTonight],
      [{}, "day is required."],
    ];
    for (const [body, error] of bad) {
      const response = await t.request("/api/evening/phone-down", { method: "POST", cookie: other.cookie, body });
      expect(response.status, JSON.stringify(body)).toBe(400);
      expect(await response.json()).toEqual({ error });
    }
    for (const token of ["", "nonsense", `${hisToken}x`]) {
      const response = await t.request(`/api/evening/phone-down/link?token=${encodeURIComponent(token)}`, {
        method: "POST",
      });
      expect(response.status, token).toBe(400);
    }
    vi.setSystemTime(new Date(now.getTime() + 37 * 3_600_000));
    const expired = await t.api.evening["phone-down"].link.$post({ query: { token: hisToken } });
    expect(expired.status).toBe(410);
    expect(await expired.json()).toEqual({ error: eveningMessages.linkExpired });
    // The page the link opens says so before he presses anything.
    const page = await t.api.evening["phone-down"].link.$get({ query: { token: hisToken } });
    expect(page.status).toBe(410);
    expect(await page.json()).toEqual({ error: eveningMessages.linkExpired });
  });

  it("needs a session for the app's answer", async () => {
    const response = await t.request("/api/evening/phone-down", { method: "POST", body: { day: "2026-12-10" } });
    expect(response.status).toBe(401);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
