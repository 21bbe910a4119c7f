import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { challenges, milestones, partnerCheers, partnerDeliveries, partners } from "#server/db/schema.ts";
import { toThirdPerson } from "#server/services/ai/offline/third-person.ts";
import { newPartnerToken } from "#server/services/partners/link-token.ts";
import { partnerCheerToken, readPartnerCheerToken } from "#server/services/partners/partner-cheer-token.ts";
import { deliverPartnerEmail } from "#server/services/partners/partner-deliver.ts";
import { partnerUnsubscribeToken } from "#server/services/partners/partner-unsubscribe-token.ts";
import { CHEER_LINK_DAYS, type PartnerDeliveryKind, partnerMessages } from "#shared/partners/rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { captureLog } from "#tests/support/captured-log.ts";
import { uniqueEmail } from "#tests/support/personas.ts";
import type { CapturedMail } from "#tests/support/smtp-sink.ts";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";

/**
 * Issue 35 row 10, decision 0125: every partner e-mail has a "Send Marcus a cheer" button. Its link carries a token
 * the server signed (the partner and the milestone the e-mail is about, an expiry), leads to a page whose GET changes
 * nothing, and whose POST sends the very cheer the partner's page sends, under the same limits.
 */
const DAY_MS = 86_400_000;

describe("issue 35 row 10: the cheer button of partner e-mails", () => {
  let t: TestApp;
  const log = captureLog("info");
  beforeAll(async () => {
    t = await createTestApp({}, { logger: log.logger });
  });
  afterAll(async () => {
    await t.close();
  });

  const secret = () => t.deps.env.AUTH_SECRET;

  /** Marcus with his plan's first challenge accepted, and Sam, who confirmed; Sam's page link for the shared limit. */
  async function marcusAndSam() {
    const { user, plan } = await t.userWithPlan({ firstName: "Marcus" });
    const challenge = plan.challenges[0]!;
    await t.db.update(challenges).set({ challengeAccepted: true }).where(eq(challenges.id, challenge.id));
    const { token: pageToken, tokenHash } = newPartnerToken();
    const [sam] = await t.db
      .insert(partners)
      .values({
        userId: user.id,
        firstName: "Sam",
        email: uniqueEmail("sam"),
        tokenHash,
        invitedAt: new Date(Date.now() - 2 * DAY_MS),
        acceptedAt: new Date(Date.now() - DAY_MS),
      })
      .returning();
    const milestone = challenge.milestones.find((m) => m.milestoneType === "immediate")!;
    return { user, challenge, milestone, sam: sam!, pageToken };
  }

  /** One partner e-mail, claimed and sent as the queue's worker sends it. */
  async function deliver(sam: typeof partners.$inferSelect, kind: PartnerDeliveryKind, subjectKey: string) {
    const [claim] = await t.db
      .insert(partnerDeliveries)
      .values({ userId: sam.userId, partnerId: sam.id, kind, subjectKey })
      .returning();
    const before = t.smtp.countFor(sam.email);
    expect(await deliverPartnerEmail({ db: t.db, mailer: t.deps.mailer, env: t.deps.env }, claim!.id, new Date())).toBe(
      "sent",
    );
    expect(t.smtp.countFor(sam.email)).toBe(before + 1);
    return t.smtp.mails.filter((m) => m.to.includes(sam.email.toLowerCase())).at(-1)!;
  }

  /** The button's link, checked in both parts: the text part's line and the HTML part's anchor. */
  function cheerLink(mail: CapturedMail) {
    const link = mail.links.find((l) => l.startsWith(`${TEST_ORIGIN}/partner/cheer?token=`));
    expect(link, "the cheer link").toBeDefined();
    expect(mail.text).toMatch(new RegExp(`^Send Marcus a cheer:\r?\n${escapeRegExp(link!)}\r?$`, "m"));
    expect(mail.text).toMatch(new RegExp(`<a href="${escapeRegExp(link!)}"[^>]*>Send Marcus a cheer</a>`));
    expect(mail.text).not.toContain("or to send a short cheer");
    const url = new URL(link!);
    return { link: link!, token: url.searchParams.get("token")!, api: `/api/partner-emails/cheer${url.search}` };
  }

  const cheersOf = async (partnerId: string) =>
    t.db.select().from(partnerCheers).where(eq(partnerCheers.partnerId, partnerId));

  it("issue 35 row 10: every partner e-mail (completed, overdue, weekly) has the button in its HTML and text part, and its link names what the e-mail told", async () => {
    const { challenge, milestone, sam } = await marcusAndSam();
    await t.db
      .update(milestones)
      .set({ milestoneCompleted: true, completedAt: new Date() })
      .where(eq(milestones.id, milestone.id));
    const completed = cheerLink(await deliver(sam, "completed", milestone.id));

    const late = challenge.milestones.find((m) => m.milestoneType === "short_term")!;
    const yesterday = new Date(Date.now() - DAY_MS).toISOString().slice(0, 10);
    await t.db
      .update(milestones)
      .set({ milestoneDeadline: new Date(`${yesterday}T23:59:59.000Z`) })
      .where(eq(milestones.id, late.id));
    const overdue = cheerLink(await deliver(sam, "overdue", `${late.id}:${yesterday}`));
    const weekly = cheerLink(await deliver(sam, "weekly_summary", "2026-W48"));

    const about = async (api: string) => {
      const response = await t.request(api);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      return response.json();
    };
    expect(await about(completed.api)).toEqual({
      inviterFirstName: "Marcus",
      partnerFirstName: "Sam",
      milestone: {
        challengeTitle: challenge.title,
        milestoneType: "immediate",
        description: toThirdPerson(milestone.milestoneDescription),
        completed: true,
        overdue: false,
      },
      cheersLeftToday: 5,
    });
    expect((await about(overdue.api)).milestone).toMatchObject({ milestoneType: "short_term", overdue: true });
    expect((await about(weekly.api)).milestone).toBeNull();
    // Opening the page (or a mail scanner opening the link) sends nothing.
    expect(await cheersOf(sam.id)).toEqual([]);
    // The token rides in the query, which the request log leaves out.
    expect(log.text()).toContain("/api/partner-emails/cheer");
    expect(log.text()).not.toContain(completed.token);
  });

  it("issue 35 row 10: one POST is one cheer on his dashboard, exactly as from the partner's page, under the same daily limit", async () => {
    const { user, milestone, sam, pageToken } = await marcusAndSam();
    await t.db
      .update(milestones)
      .set({ milestoneCompleted: true, completedAt: new Date() })
      .where(eq(milestones.id, milestone.id));
    const { api } = cheerLink(await deliver(sam, "completed", milestone.id));

    const sent = await t.request(api, { body: { text: "  Well done, Marcus! Keep going.  " } });
    expect(sent.status).toBe(201);
    expect(await sent.json()).toEqual({ cheersLeftToday: 4 });
    expect(await cheersOf(sam.id)).toHaveLength(1);
    const { cheers } = await (await user.api.partner.$get()).json();
    expect(cheers).toEqual([
      expect.objectContaining({ partnerFirstName: "Sam", text: "Well done, Marcus! Keep going." }),
    ]);
    expect((await (await t.request(api)).json()).cheersLeftToday).toBe(4);

    // The page's cheers and the e-mail's count together: 5 a day, whichever way.
    for (const left of [3, 2, 1]) {
      const page = await t.request(`/api/partner-view/${pageToken}/cheers`, { body: { text: "From the page" } });
      expect(await page.json()).toEqual({ cheersLeftToday: left });
    }
    expect((await t.request(api, { body: { text: "Last one" } })).status).toBe(201);
    const refused = await t.request(api, { body: { text: "One too many" } });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ error: partnerMessages.cheerLimit });
    // The cheer's own rules, with the page's messages.
    const empty = await t.request(api, { body: { text: "   " } });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: partnerMessages.cheerRequired });
    expect(await cheersOf(sam.id)).toHaveLength(5);
  });

  it("issue 35 row 10: a tampered, expired or revoked link is refused with its own answer, for GET and POST, and sends nothing", async () => {
    const { user, milestone, sam } = await marcusAndSam();
    const now = new Date();
    const token = partnerCheerToken(secret(), { partnerId: sam.id, milestoneId: milestone.id }, now);
    const call = (value: string, method: "GET" | "POST") =>
      t.request(`/api/partner-emails/cheer?token=${encodeURIComponent(value)}`, {
        method,
        ...(method === "POST" ? { body: { text: "Hi" } } : {}),
      });
    const expectAnswer = async (value: string, status: number, error: string) => {
      for (const method of ["GET", "POST"] as const) {
        const response = await call(value, method);
        expect(response.status, `${method} ${value}`).toBe(status);
        expect(await response.json()).toEqual({ error });
      }
    };

    // Tampered: the signature, the partner, the milestone or the expiry changed; another link's token; no shape at all.
    const [partnerId, milestoneId, expiry, signature] = token.split(".") as [string, string, string, string];
    const forged = [
      `${partnerId}.${milestoneId}.${expiry}.${signature.slice(0, -2)}${signature.endsWith("AA") ? "BB" : "AA"}`,
      `${crypto.randomUUID()}.${milestoneId}.${expiry}.${signature}`,
      `${partnerId}..${expiry}.${signature}`,
      `${partnerId}.${milestoneId}.${Number(expiry) + 86_400}.${signature}`,
      partnerUnsubscribeToken(secret(), sam.id),
      "not-a-token",
    ];
    for (const value of forged) await expectAnswer(value, 400, partnerMessages.cheerLinkInvalid);

    // Expired: made more than CHEER_LINK_DAYS ago; one made a day less ago still works.
    const made = (daysAgo: number) =>
      partnerCheerToken(secret(), { partnerId: sam.id, milestoneId: null }, new Date(now.getTime() - daysAgo * DAY_MS));
    await expectAnswer(made(CHEER_LINK_DAYS + 1), 410, partnerMessages.cheerLinkExpired);
    expect((await call(made(CHEER_LINK_DAYS - 1), "GET")).status).toBe(200);
    expect(readPartnerCheerToken(secret(), made(CHEER_LINK_DAYS), now)).toBe("expired");
    expect(await cheersOf(sam.id)).toEqual([]);

    // Revoked: a partner he removed; every partner of an account he deleted.
    const ola = (
      await t.db
        .insert(partners)
        .values({
          userId: user.id,
          firstName: "Ola",
          email: uniqueEmail("ola"),
          tokenHash: newPartnerToken().tokenHash,
          invitedAt: now,
          acceptedAt: now,
        })
        .returning()
    )[0]!;
    const olaToken = partnerCheerToken(secret(), { partnerId: ola.id, milestoneId: null }, now);
    expect((await call(olaToken, "GET")).status).toBe(200);
    expect((await user.api.partner[":id"].$delete({ param: { id: ola.id } })).status).toBe(200);
    await expectAnswer(olaToken, 404, partnerMessages.cheerLinkGone);

    expect((await call(token, "GET")).status).toBe(200);
    const deleted = await t.request("/api/me/delete", { cookie: user.cookie, body: { password: user.password } });
    expect(deleted.status).toBe(200);
    await expectAnswer(token, 404, partnerMessages.cheerLinkGone);
  });

  it("issue 35 row 10: a partner who has not confirmed cannot cheer from a link (as on his page)", async () => {
    const { sam } = await marcusAndSam();
    await t.db.update(partners).set({ acceptedAt: null }).where(eq(partners.id, sam.id));
    const token = partnerCheerToken(secret(), { partnerId: sam.id, milestoneId: null }, new Date());
    // The page that asks first is told too (GET), before the button is offered.
    const asked = await t.request(`/api/partner-emails/cheer?token=${token}`, { method: "GET" });
    expect(asked.status).toBe(409);
    expect(await asked.json()).toEqual({ error: partnerMessages.notAccepted });
    const sent = await t.request(`/api/partner-emails/cheer?token=${token}`, { body: { text: "Hi" } });
    expect(sent.status).toBe(409);
    expect(await sent.json()).toEqual({ error: partnerMessages.notAccepted });
    expect(await cheersOf(sam.id)).toEqual([]);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

function escapeRegExp(value: string) {
  return value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
