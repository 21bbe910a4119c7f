import { randomUUID } from "node:crypto";
import { and, eq, inArray, isNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "#server/db/client.ts";
import {
  challenges,
  milestones,
  partnerDeliveries,
  partners,
  quizResponses,
  reminderDeliveries,
  users,
} from "#server/db/schema.ts";
import type { PartnerDeliveryKind } from "#shared/partners/rules.ts";
import { partnerMessages } from "#shared/partners/rules.ts";
import type { MilestoneType } from "#shared/plan/rules.ts";
import { addDays } from "#shared/time.ts";
import { captureLog } from "#tests/support/captured-log.ts";
import { answersFor, MARCUS, uniqueEmail } from "#tests/support/personas.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#tests/support/test-app.ts";
import type { DeliveryOutcome } from "../outbox/send.ts";
import { claimDueReminders } from "../reminders/planner.ts";
import { deliverPartnerEmail } from "./partner-deliver.ts";
import { claimDuePartnerEmails } from "./partner-notifications.ts";

// Over 400 lines and one job: what a partner hears across one week's clock, every kind against the same rows.

/**
 * What an accountability partner hears (issue 25, decision 0106). Time is an input (issue 24 #2): every plan and send
 * gets a fixed moment around New Year 2030, whatever the wall clock says; the test's rows carry the dates the
 * planner reads (deadlines, completions, confirmations), written straight into the database.
 */
const TODAY = "2030-01-01";
const TOKYO = { zone: "Asia/Tokyo", offset: 9 };

/** The UTC moment at which the clock in a zone with this fixed offset (hours east of UTC) shows `day` `hour`:`minute`. */
function at(day: string, hour: number, offsetHours = TOKYO.offset, minute = 0) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + (hour - offsetHours) * 3_600_000 + minute * 60_000);
}

/** The end of a due day in UTC, as the app stores a deadline (SPEC.md section 9). */
const deadlineOn = (day: string) => new Date(`${day}T23:59:59.000Z`);

/** The message's headers with folded lines unfolded (RFC 5322 2.2.3). */
const headersOf = (raw: string) => raw.slice(0, raw.indexOf("\r\n\r\n")).replace(/\r\n[ \t]+/g, " ");

describe("what an accountability partner hears (issue 25)", () => {
  let t: TestApp;
  let second: Database | undefined;
  const log = captureLog("info");
  beforeAll(async () => {
    t = await createTestApp({}, { logger: log.logger });
  });
  afterAll(async () => {
    await second?.close();
    await t.close();
  });

  const deps = (db = t.db) => ({ db, mailer: t.deps.mailer, env: t.deps.env });
  const mailsTo = (email: string) => t.smtp.mails.filter((m) => m.to.includes(email.toLowerCase()));

  /** Marcus, in Tokyo, with his plan's first challenge accepted; its milestones by type. */
  async function hisPlan() {
    const { user, plan } = await t.userWithPlan({ firstName: "Marcus" });
    const challenge = plan.challenges[0]!;
    await t.db.update(challenges).set({ challengeAccepted: true }).where(eq(challenges.id, challenge.id));
    const saved = await user.api.reminders.settings.$patch({ json: { timeZone: TOKYO.zone } });
    expect(saved.status).toBe(200);
    const milestone = (type: MilestoneType) => challenge.milestones.find((m) => m.milestoneType === type)!;
    return { user, challenge, milestone };
  }

  /** A partner row as the invitation service leaves it: confirmed on New Year's Day unless told otherwise. */
  async function addPartner(
    userId: string,
    firstName: string,
    options: { accepted?: boolean; stopped?: boolean } = {},
  ) {
    const [row] = await t.db
      .insert(partners)
      .values({
        userId,
        firstName,
        email: uniqueEmail(firstName.toLowerCase()),
        tokenHash: randomUUID(),
        invitedAt: new Date(`${TODAY}T00:00:00Z`),
        acceptedAt: options.accepted === false ? null : new Date(`${TODAY}T00:30:00Z`),
        emailsStoppedAt: options.stopped ? new Date(`${TODAY}T00:45:00Z`) : null,
      })
      .returning();
    return row!;
  }

  async function complete(milestoneId: string, when: Date) {
    await t.db
      .update(milestones)
      .set({ milestoneCompleted: true, completedAt: when })
      .where(eq(milestones.id, milestoneId));
  }

  async function setDeadline(milestoneId: string, day: string) {
    await t.db
      .update(milestones)
      .set({ milestoneDeadline: deadlineOn(day) })
      .where(eq(milestones.id, milestoneId));
  }

  /**
   * Plans at `now` and sends what is claimed and unsent for this partner (of these kinds), as the queue's two jobs do.
   * A plan claims for every partner; another partner's claims wait for his own call.
   */
  async function runAt(now: Date, partnerId: string, kinds?: PartnerDeliveryKind[]): Promise<DeliveryOutcome[]> {
    await claimDuePartnerEmails(t.db, now);
    const claimed = await t.db
      .select({ id: partnerDeliveries.id, kind: partnerDeliveries.kind })
      .from(partnerDeliveries)
      .where(and(eq(partnerDeliveries.partnerId, partnerId), isNull(partnerDeliveries.sentAt)));
    const outcomes: DeliveryOutcome[] = [];
    for (const { id, kind } of claimed) {
      if (!kinds || kinds.includes(kind)) outcomes.push(await deliverPartnerEmail(deps(), id, now));
    }
    return outcomes;
  }

  /** Nothing of his but his first name and his plan: no address of his, no link to the plan, no secret but the partner's own unsubscribe token. */
  function expectNothingOfHis(mail: { raw: string; links: string[] }, user: TestUser) {
    expect(mail.raw.toLowerCase()).not.toContain(user.email.toLowerCase());
    expect(mail.raw).not.toContain(user.id);
    expect(mail.links.filter((l) => l.includes("/partner/view"))).toEqual([]);
    for (const answer of MARCUS) expect(mail.raw).not.toContain(answer);
  }

  it("tells a confirmed partner once that he completed a milestone, with his own reminders off; an unconfirmed or stopped partner hears nothing", async () => {
    const { user, challenge, milestone } = await hisPlan();
    // His switches are his: they do not silence the partner.
    await user.api.reminders.settings.$patch({ json: { deadlineEmails: false, weeklySummary: false } });
    const sam = await addPartner(user.id, "Sam");
    const una = await addPartner(user.id, "Una", { accepted: false });
    const stu = await addPartner(user.id, "Stu", { stopped: true });
    const day = addDays(TODAY, 1);
    await complete(milestone("immediate").id, at(day, 10));

    const now = at(day, 10, TOKYO.offset, 5);
    expect(await runAt(now, sam.id)).toEqual(["sent"]);
    expect(await runAt(now, una.id)).toEqual([]);
    expect(await runAt(now, stu.id)).toEqual([]);
    const mail = await t.smtp.waitFor(sam.email, { subject: /completed/ });
    expect(mail.subject).toBe("Marcus completed a milestone");
    expect(mail.text).toContain("Hi Sam,");
    expect(mail.text).toContain("Marcus completed the Immediate Milestone of");
    expect(mail.text).toContain(challenge.title);
    expect(mail.text).toContain("That challenge is now 33% done.");
    expect(mail.text).toContain("open the link from your invitation e-mail");
    // RFC 8058: a one-click address for mail providers, and a visible link to the page with the button.
    const headers = headersOf(mail.raw);
    expect(headers).toMatch(
      new RegExp(`^List-Unsubscribe: <${TEST_ORIGIN}/api/partner-emails/unsubscribe\\?token=${sam.id}\\.[^>]+>`, "m"),
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expect(mail.links.some((l) => l.startsWith(`${TEST_ORIGIN}/partner/unsubscribe?token=${sam.id}.`))).toBe(true);
    expect(mail.raw).toContain("Stop emails about Marcus's plan");
    expectNothingOfHis(mail, user);

    // Later that day, and once more the next morning: nothing new.
    expect(await runAt(at(day, 15), sam.id)).toEqual([]);
    expect(await runAt(at(addDays(day, 1), 9), sam.id)).toEqual([]);
    expect(mailsTo(sam.email)).toHaveLength(1);
    expect(mailsTo(una.email)).toHaveLength(0);
    expect(mailsTo(stu.email)).toHaveLength(0);
  });

  it("waits for the morning on his clock, drops news that is no longer true, and does not tell old news", async () => {
    const { user, milestone } = await hisPlan();
    const sam = await addPartner(user.id, "Sam");
    const day = addDays(TODAY, 3);
    // 23:00 in Tokyo is night: the news waits for 08:00.
    await complete(milestone("immediate").id, at(day, 23));
    expect(await runAt(at(day, 23, TOKYO.offset, 10), sam.id)).toEqual([]);
    expect(await runAt(at(addDays(day, 1), 7, TOKYO.offset, 55), sam.id)).toEqual([]);
    expect(await runAt(at(addDays(day, 1), 8), sam.id)).toEqual(["sent"]);

    // Ticked off, then unticked before the e-mail went out: it is dropped, not sent.
    const next = addDays(day, 1);
    await complete(milestone("short_term").id, at(next, 9));
    const claimed = await claimDuePartnerEmails(t.db, at(next, 9, TOKYO.offset, 5));
    const [row] = await t.db
      .select()
      .from(partnerDeliveries)
      .where(and(inArray(partnerDeliveries.id, claimed), eq(partnerDeliveries.partnerId, sam.id)));
    expect(row?.kind).toBe("completed");
    await t.db
      .update(milestones)
      .set({ milestoneCompleted: false, completedAt: null })
      .where(eq(milestones.id, milestone("short_term").id));
    expect(await deliverPartnerEmail(deps(), row!.id, at(next, 9, TOKYO.offset, 6))).toBe("dropped");
    expect(await deliverPartnerEmail(deps(), row!.id, at(next, 9, TOKYO.offset, 6))).toBe("already-sent");

    // Completed more than two days ago: the page shows it, the inbox does not.
    await complete(milestone("medium_term").id, at(addDays(day, -2), 9));
    expect(await runAt(at(next, 12), sam.id)).toEqual([]);
    expect(mailsTo(sam.email).map((m) => m.subject)).toEqual(["Marcus completed a milestone"]);
  });

  it("sends it once when two instances plan and send the same minute", async () => {
    const { user, milestone } = await hisPlan();
    const sam = await addPartner(user.id, "Sam");
    const day = addDays(TODAY, 6);
    await complete(milestone("immediate").id, at(day, 9));
    if (t.databaseUrl) second = await openDatabase({ kind: "postgres", url: t.databaseUrl, poolSize: 3 });
    const other = second?.db ?? t.db;

    const now = at(day, 9, TOKYO.offset, 5);
    const [a, b] = await Promise.all([claimDuePartnerEmails(t.db, now), claimDuePartnerEmails(other, now)]);
    // 7 January 2030 is a Monday: the weekly summary is claimed beside it, and is not what this test follows.
    const rows = await t.db
      .select()
      .from(partnerDeliveries)
      .where(and(eq(partnerDeliveries.partnerId, sam.id), eq(partnerDeliveries.kind, "completed")));
    expect(rows).toHaveLength(1);
    expect([...a, ...b].filter((id) => id === rows[0]!.id)).toHaveLength(1);
    const outcomes = await Promise.all([
      deliverPartnerEmail(deps(), rows[0]!.id, now),
      deliverPartnerEmail(deps(other), rows[0]!.id, now),
    ]);
    expect(outcomes.sort()).toEqual(["already-sent", "sent"]);
    expect(await runAt(now, sam.id, ["completed"])).toEqual([]);
    await t.smtp.waitFor(sam.email);
    expect(mailsTo(sam.email).filter((m) => m.subject === "Marcus completed a milestone")).toHaveLength(1);
  });

  it("tells him when a deadline passed, by the rule of his own overdue reminder, even with his deadline reminders off", async () => {
    const { user, challenge, milestone } = await hisPlan();
    await user.api.reminders.settings.$patch({ json: { deadlineEmails: false } });
    const sam = await addPartner(user.id, "Sam");
    const due = addDays(TODAY, 8);
    await setDeadline(milestone("immediate").id, due);

    // The day before is his own reminder's business; 08:00 the next morning in Tokyo is still the due day in UTC.
    expect(await runAt(at(addDays(due, -1), 10), sam.id)).toEqual([]);
    expect(await runAt(at(addDays(due, 1), 8), sam.id)).toEqual([]);
    const now = at(addDays(due, 1), 9);
    expect(await runAt(now, sam.id)).toEqual(["sent"]);
    const mail = await t.smtp.waitFor(sam.email, { subject: /missed/ });
    expect(mail.subject).toBe("Marcus missed a deadline");
    expect(mail.text).toContain("The Immediate Milestone of");
    expect(mail.text).toContain(challenge.title);
    // (The day's comma depends on the ICU data Node was built with.)
    expect(mail.text).toMatch(/was due on Wednesday,? 9 January, and Marcus has not completed it yet\./);
    expect(headersOf(mail.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expectNothingOfHis(mail, user);
    expect(await runAt(at(addDays(due, 1), 15), sam.id)).toEqual([]);

    // He hears nothing himself (his switch is off); his partner heard anyway.
    await claimDueReminders(t.db, now);
    const his = await t.db.select().from(reminderDeliveries).where(eq(reminderDeliveries.userId, user.id));
    expect(his.filter((r) => r.kind === "overdue")).toEqual([]);

    // Moved to a new date, it can be missed again; done before the e-mail went out, it is dropped.
    const moved = addDays(due, 3);
    await setDeadline(milestone("immediate").id, moved);
    const claimed = await claimDuePartnerEmails(t.db, at(addDays(moved, 1), 10));
    const [row] = await t.db
      .select()
      .from(partnerDeliveries)
      .where(and(inArray(partnerDeliveries.id, claimed), eq(partnerDeliveries.partnerId, sam.id)));
    expect(row?.subjectKey).toBe(`${milestone("immediate").id}:${moved}`);
    await complete(milestone("immediate").id, at(addDays(moved, 1), 10, TOKYO.offset, 1));
    expect(await deliverPartnerEmail(deps(), row!.id, at(addDays(moved, 1), 10, TOKYO.offset, 2))).toBe("dropped");
    expect(mailsTo(sam.email).filter((m) => m.subject === "Marcus missed a deadline")).toHaveLength(1);
  });

  it("sums up his week on Monday morning, his time: what he completed last week, what is due, progress", async () => {
    const { user, challenge, milestone } = await hisPlan();
    await user.api.reminders.settings.$patch({ json: { weeklySummary: false } });
    const sam = await addPartner(user.id, "Sam");
    const monday = "2030-01-07";
    expect(new Date(`${monday}T12:00:00Z`).getUTCDay()).toBe(1);
    await setDeadline(milestone("immediate").id, addDays(monday, 2));
    await setDeadline(milestone("short_term").id, addDays(monday, 20));
    await setDeadline(milestone("medium_term").id, addDays(monday, 30));
    // Completed on the Friday before, on his clock.
    await complete(milestone("short_term").id, at(addDays(monday, -3), 12));

    expect(await runAt(at(addDays(monday, -1), 20), sam.id, ["weekly_summary"])).toEqual([]);
    expect(await runAt(at(monday, 7, TOKYO.offset, 55), sam.id, ["weekly_summary"])).toEqual([]);
    expect(await runAt(at(monday, 8), sam.id, ["weekly_summary"])).toEqual(["sent"]);
    const mail = await t.smtp.waitFor(sam.email, { subject: /week/ });
    expect(mail.subject).toBe("Marcus's week");
    expect(mail.text).toContain(`Completed last week: ${challenge.title}, Short-term Milestone.`);
    expect(mail.text).toContain(`Due this week: ${challenge.title}, Immediate Milestone (due Wednesday`);
    expect(mail.text).toMatch(/\(due Wednesday,? 9 January\)\./);
    expect(mail.text).toContain(`Progress: ${challenge.title} 33%`);
    expect(mail.text).toContain("Marcus is on a 1-week streak.");
    expect(mail.text).toContain("It comes every Monday morning.");
    expect(headersOf(mail.raw)).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click/m);
    expectNothingOfHis(mail, user);
    expect(await runAt(at(monday, 12), sam.id, ["weekly_summary"])).toEqual([]);
    const rows = await t.db
      .select({ subjectKey: partnerDeliveries.subjectKey })
      .from(partnerDeliveries)
      .where(and(eq(partnerDeliveries.partnerId, sam.id), eq(partnerDeliveries.kind, "weekly_summary")));
    expect(rows).toEqual([{ subjectKey: "2030-W02" }]);
  });

  it("stops one partner's e-mails with the one-click link: GET only asks, a forged or removed link is refused", async () => {
    const { user, milestone } = await hisPlan();
    const sam = await addPartner(user.id, "Sam");
    const ola = await addPartner(user.id, "Ola");
    const day = addDays(TODAY, 10);
    await complete(milestone("immediate").id, at(day, 10));
    expect(await runAt(at(day, 10, TOKYO.offset, 5), sam.id)).toEqual(["sent"]);
    expect(await runAt(at(day, 10, TOKYO.offset, 5), ola.id)).toEqual(["sent"]);
    const mail = await t.smtp.waitFor(sam.email);
    const oneClick = /^List-Unsubscribe: <([^>]+)>/m.exec(headersOf(mail.raw))?.[1];
    expect(oneClick).toBeDefined();
    const url = new URL(oneClick!);
    const token = url.searchParams.get("token")!;
    expect(mail.links).toContain(`${TEST_ORIGIN}/partner/unsubscribe?token=${token}`);
    const stoppedAt = async (id: string) =>
      (await t.db.select().from(partners).where(eq(partners.id, id)))[0]?.emailsStoppedAt;

    // The page asks first: GET changes nothing. Opened in a browser, the address leads to that page.
    const asked = await t.request(url.pathname + url.search);
    expect(asked.status).toBe(200);
    expect(await asked.json()).toEqual({ inviterFirstName: "Marcus", emailsStopped: false });
    const opened = await t.request(url.pathname + url.search, { headers: { accept: "text/html,*/*" } });
    expect(opened.status).toBe(303);
    expect(opened.headers.get("location")).toBe(`/partner/unsubscribe?token=${encodeURIComponent(token)}`);
    expect(await stoppedAt(sam.id)).toBeNull();

    // A token the server did not sign, or no token: 400 and nothing changes.
    const forged = `${url.pathname}?token=${token.slice(0, -4)}AAAA`;
    for (const method of ["GET", "POST"]) {
      const refused = await t.request(forged, { method });
      expect(refused.status).toBe(400);
      expect(await refused.json()).toEqual({ error: partnerMessages.unsubscribeInvalid });
    }
    expect((await t.request(url.pathname, { method: "POST" })).status).toBe(400);
    // Another site's page cannot make his browser stop them.
    const foreign = await t.request(url.pathname + url.search, {
      method: "POST",
      headers: { origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(403);
    expect(await stoppedAt(sam.id)).toBeNull();

    // What a mail provider sends: a POST from its server, no Origin, no cookie, the form body of RFC 8058.
    const response = await t.app.request(url.pathname + url.search, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ inviterFirstName: "Marcus", emailsStopped: true });
    const first = await stoppedAt(sam.id);
    expect(first).toBeInstanceOf(Date);
    expect(await stoppedAt(ola.id)).toBeNull();
    // The page's button afterwards: the same answer, the first moment kept.
    const again = await t.request(url.pathname + url.search, { method: "POST" });
    expect(again.status).toBe(200);
    expect(await again.json()).toEqual({ inviterFirstName: "Marcus", emailsStopped: true });
    expect(await stoppedAt(sam.id)).toEqual(first);

    // Sam hears nothing more; Ola still does.
    await complete(milestone("short_term").id, at(day, 11));
    expect(await runAt(at(day, 11, TOKYO.offset, 5), sam.id)).toEqual([]);
    expect(await runAt(at(day, 11, TOKYO.offset, 5), ola.id)).toEqual(["sent"]);
    expect(mailsTo(sam.email)).toHaveLength(1);

    // A removed partner's link answers 404, whatever the method.
    expect(mailsTo(ola.email)).toHaveLength(2);
    const olaMail = await t.smtp.waitFor(ola.email);
    const olaLink = new URL(/^List-Unsubscribe: <([^>]+)>/m.exec(headersOf(olaMail.raw))![1]!);
    await t.db.delete(partners).where(eq(partners.id, ola.id));
    expect((await t.request(olaLink.pathname + olaLink.search)).status).toBe(404);
    expect((await t.request(olaLink.pathname + olaLink.search, { method: "POST" })).status).toBe(404);

    // The tokens never reach the log: the request log holds the path without its query.
    expect(log.text()).toContain("/api/partner-emails/unsubscribe");
    expect(log.text()).not.toContain(token);
    expect(log.text()).not.toContain(olaLink.searchParams.get("token")!);
  });

  it("deletes a partner's deliveries with the partner, and all of them with his account", async () => {
    const { user, milestone } = await hisPlan();
    const sam = await addPartner(user.id, "Sam");
    const ola = await addPartner(user.id, "Ola");
    const day = addDays(TODAY, 12);
    await complete(milestone("immediate").id, at(day, 10));
    expect(await runAt(at(day, 10, TOKYO.offset, 5), sam.id)).toEqual(["sent"]);
    expect(await runAt(at(day, 10, TOKYO.offset, 5), ola.id)).toEqual(["sent"]);
    const ofPartner = async (id: string) =>
      t.db.select().from(partnerDeliveries).where(eq(partnerDeliveries.partnerId, id));

    await t.db.delete(partners).where(eq(partners.id, ola.id));
    expect(await ofPartner(ola.id)).toEqual([]);
    expect(await ofPartner(sam.id)).toHaveLength(1);

    await t.db.delete(users).where(eq(users.id, user.id));
    expect(await t.db.select().from(partnerDeliveries).where(eq(partnerDeliveries.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(partners).where(eq(partners.userId, user.id))).toEqual([]);
  });

  it("writes the plan with his confirmed partner's name, and without an unconfirmed one", async () => {
    /** Signs him up with these partners, then generates his plan; answers its accountability line. */
    async function accountabilityWith(list: Array<{ name: string; accepted: boolean }>) {
      const user = await t.createUser({ firstName: "Marcus" });
      for (const p of list) await addPartner(user.id, p.name, { accepted: p.accepted });
      const created = await user.api.quiz.responses.$post({ json: { answers: answersFor(MARCUS) } });
      const { id } = await created.json();
      await user.api.quiz.responses[":id"].generate.$post({ param: { id } });
      expect((await t.waitForGeneration(user, id)).status).toBe("done");
      const [response] = await t.db.select().from(quizResponses).where(eq(quizResponses.id, id));
      return response!.aiAnalysis?.accountability_tracking ?? "";
    }
    const named = await accountabilityWith([
      { name: "Una", accepted: false },
      { name: "Sam", accepted: true },
    ]);
    expect(named).toMatch(/Tell Sam what you committed to\b[^.]*, and ask for a check-in every week\./);
    expect(named).not.toContain("Una");
    const unnamed = await accountabilityWith([{ name: "Una", accepted: false }]);
    expect(unnamed).not.toContain("Una");
    expect(unnamed).toMatch(/Tell .+ what you committed to\b[^.]*, and ask for a check-in every week\.$/);
  });
});
