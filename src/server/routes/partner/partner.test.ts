import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { partnerCheers, partnerDeliveries, partners, profiles, quizResponses } from "#server/db/schema.ts";
import { hashPartnerToken } from "#server/services/partners/link-token.ts";
import { invitePartner, listPartners } from "#server/services/partners/partners.ts";
import type { DataExport } from "#shared/account/data-rights.ts";
import type { PartnersAnswer } from "#shared/partners/contracts.ts";
import { INVITATION_EXPIRY_DAYS, partnerMessages } from "#shared/partners/rules.ts";
import { textMessages } from "#shared/text-rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { MARCUS, newAccount, signUpBody, uniqueEmail } from "#tests/support/personas.ts";
import { createTestApp, TEST_ORIGIN, type TestApp, type TestUser } from "#tests/support/test-app.ts";

// Over 400 lines and one job: his partners from invitation to deletion, on one clock.

/**
 * His accountability partners, signed in (issue 25, decision 0106): inviting within the limits, the invitation
 * e-mail, the list, removing, renewing, dismissing cheers, and what his export and deletion do with them. The clock is
 * a fixed Tuesday morning, whatever the wall clock says (issue 24 #2).
 */
const NOW = new Date("2030-01-01T10:00:00Z");
const DAY_MS = 86_400_000;

type Answer = { status: number; body: Record<string, unknown> };

describe("accountability partners (his side)", () => {
  let t: TestApp;
  beforeAll(async () => {
    useFixedClock(NOW);
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  async function call(path: string, options: { method?: string; body?: unknown; cookie?: string } = {}) {
    const response = await t.request(path, options);
    return { status: response.status, body: (await response.json()) as Record<string, unknown> } satisfies Answer;
  }
  const invite = (user: TestUser, body: unknown) => call("/api/partner/invitations", { cookie: user.cookie, body });
  const list = async (user: TestUser) => (await call("/api/partner", { cookie: user.cookie })).body as PartnersAnswer;

  /** The link's secret from the newest invitation e-mail to `email` (after `since` mails). */
  async function linkFor(email: string, since = 0) {
    const mail = await t.smtp.waitFor(email, { since, subject: /accountability partner/ });
    const link = mail.links.find((l) => l.includes("/partner/view/"));
    if (!link) throw new Error(`no partner link in: ${mail.text}`);
    return { mail, link, token: new URL(link).pathname.split("/").at(-1)! };
  }

  /** A user whose plan has its first challenge accepted: what the invitation names. */
  async function committedUser(firstName = "Marcus") {
    const { user, plan } = await t.userWithPlan({ firstName });
    const challenge = plan.challenges[0]!;
    await user.api.challenges[":id"].$patch({ param: { id: challenge.id }, json: { challengeAccepted: true } });
    return { user, plan, challenge };
  }

  async function makePremium(user: TestUser) {
    await t.db
      .update(profiles)
      .set({ subscriptionStatus: "premium", tokensRemaining: -1 })
      .where(eq(profiles.id, user.id));
  }

  it("refuses invalid input with the screens' own words, and stores nothing", async () => {
    const user = await t.createUser();
    const email = uniqueEmail("partner");
    const cases: Array<[unknown, string]> = [
      [{ email }, partnerMessages.firstNameRequired],
      [{ firstName: "   ", email }, partnerMessages.firstNameRequired],
      [{ firstName: "S".repeat(51), email }, partnerMessages.firstNameTooLong],
      [{ firstName: "Sam" }, partnerMessages.emailRequired],
      [{ firstName: "Sam", email: "  " }, partnerMessages.emailRequired],
      [{ firstName: "Sam", email: "sam-at-example.com" }, partnerMessages.emailInvalid],
    ];
    for (const [body, message] of cases) {
      expect(await invite(user, body), JSON.stringify(body)).toEqual({ status: 400, body: { error: message } });
    }
    expect(await invite(user, { firstName: "Sam", email, extra: 1 })).toMatchObject({ status: 400 });
    // His own address, however he types it.
    expect(await invite(user, { firstName: "Me", email: `  ${user.email.toUpperCase()} ` })).toEqual({
      status: 400,
      body: { error: partnerMessages.ownEmail },
    });
    expect(await t.db.select().from(partners).where(eq(partners.userId, user.id))).toEqual([]);
  });

  it("invites a partner: 201 with the list, the address trimmed and lower-cased, only the secret's hash stored", async () => {
    const { user } = await committedUser();
    const email = uniqueEmail("sam");
    const answer = await invite(user, { firstName: " Sam ", email: ` ${email.toUpperCase()} ` });
    expect(answer.status).toBe(201);
    const { partners: listed, maxPartners, cheers } = answer.body as PartnersAnswer;
    expect(maxPartners).toBe(1);
    expect(cheers).toEqual([]);
    expect(listed).toEqual([
      {
        id: expect.any(String),
        firstName: "Sam",
        email,
        status: "invited",
        invitedAt: expect.any(String),
        acceptedAt: null,
        lastViewedAt: null,
        emailsStopped: false,
      },
    ]);
    expect(Math.abs(Date.parse(listed[0]!.invitedAt) - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(answer.body)).not.toMatch(/token/i);

    const { token } = await linkFor(email);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await t.db.select().from(partners).where(eq(partners.userId, user.id));
    expect(row?.tokenHash).toBe(hashPartnerToken(token));
    expect(row?.tokenHash).not.toBe(token);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(await list(user)).toEqual(answer.body);
  });

  it("e-mails the invitation: his first name, what he committed to, what the partner sees and not, a working link", async () => {
    const { user, plan, challenge } = await committedUser("Marcus");
    const email = uniqueEmail("sam");
    expect((await invite(user, { firstName: "Sam", email })).status).toBe(201);
    const { mail, link, token } = await linkFor(email);
    expect(mail.subject).toBe("Marcus asked you to be an accountability partner");
    expect(mail.text).toContain("Hi Sam,");
    // His mission as the partner reads it: in the third person, never his own "you" text (issue 35 row 3).
    const [response] = await t.db.select().from(quizResponses).where(eq(quizResponses.userId, user.id));
    expect(response?.lifeMissionForOthers).toBeTruthy();
    expect(mail.text).toContain(response?.lifeMissionForOthers);
    expect(mail.text).not.toContain(plan.lifeMission!);
    expect(mail.text).toContain(challenge.title);
    // Not accepted, so not named as a commitment.
    expect(mail.text).not.toContain(`“${plan.challenges[1]!.title}”`);
    expect(mail.text).toContain("What you will see:");
    expect(mail.text).toContain("What you will not see:");
    expect(mail.text).toContain(`expires in ${INVITATION_EXPIRY_DAYS} days`);
    expect(mail.text).not.toContain(user.email);
    for (const answer of MARCUS) expect(mail.text).not.toContain(answer);
    expect(link).toBe(`${TEST_ORIGIN}/partner/view/${token}`);
    // The HTML part carries the same link as its button.
    expect(mail.raw).toContain(`href=3D"${TEST_ORIGIN}/partner/view/`);

    const view = await call(`/api/partner-view/${token}`);
    expect(view).toEqual({
      status: 200,
      body: { state: "invited", inviterFirstName: "Marcus", partnerFirstName: "Sam" },
    });
  });

  it("refuses an address already on his list, and keeps the first invitation", async () => {
    const user = await t.createUser();
    const email = uniqueEmail("dup");
    expect((await invite(user, { firstName: "Sam", email })).status).toBe(201);
    expect(await invite(user, { firstName: "Samuel", email: email.toUpperCase() })).toEqual({
      status: 409,
      body: { error: partnerMessages.alreadyInvited },
    });
    expect((await list(user)).partners.map((p) => p.firstName)).toEqual(["Sam"]);
  });

  it("allows a free user 1 partner and a premium user 3, read from his plan's row", async () => {
    const free = await t.createUser();
    expect((await invite(free, { firstName: "One", email: uniqueEmail("p") })).status).toBe(201);
    expect(await invite(free, { firstName: "Two", email: uniqueEmail("p") })).toEqual({
      status: 403,
      body: { error: partnerMessages.freeLimit },
    });

    const premium = await t.createUser();
    await makePremium(premium);
    const statuses = [];
    for (const name of ["One", "Two", "Three", "Four"]) {
      statuses.push((await invite(premium, { firstName: name, email: uniqueEmail("p") })).status);
    }
    expect(statuses).toEqual([201, 201, 201, 403]);
    expect(await invite(premium, { firstName: "Five", email: uniqueEmail("p") })).toEqual({
      status: 403,
      body: { error: partnerMessages.premiumLimit },
    });
    expect((await list(premium)).maxPartners).toBe(3);
    // Removing one makes room again.
    const [first] = (await list(free)).partners;
    expect((await call(`/api/partner/${first!.id}`, { method: "DELETE", cookie: free.cookie })).status).toBe(200);
    expect((await invite(free, { firstName: "Two", email: uniqueEmail("p") })).status).toBe(201);
  });

  it("makes exactly one partner from ten parallel invitations under a limit of 1", async () => {
    const user = await t.createUser();
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => invite(user, { firstName: `P${i}`, email: uniqueEmail(`race${i}`) })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(403)]);
    expect(await t.db.select().from(partners).where(eq(partners.userId, user.id))).toHaveLength(1);

    // Straight into the service, so the ten transactions overlap as much as they can.
    const second = await t.createUser();
    const deps = { db: t.db, mailer: t.deps.mailer, env: t.deps.env };
    const inviter = { id: second.id, email: second.email, firstName: second.firstName };
    const outcomes = await Promise.allSettled(
      Array.from({ length: 10 }, (_, i) =>
        invitePartner(deps, inviter, { firstName: `Q${i}`, email: uniqueEmail(`svc${i}`) }, new Date()),
      ),
    );
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    expect(await t.db.select().from(partners).where(eq(partners.userId, second.id))).toHaveLength(1);
  });

  it("sends one address at most 3 invitations a day from the whole app, counting each request once", async () => {
    const email = uniqueEmail("popular");
    const inviters = await Promise.all(Array.from({ length: 4 }, () => t.createUser()));
    // Ten parallel requests of one inviter make one invitation, and count one.
    const racing = await Promise.all(
      Array.from({ length: 10 }, () => invite(inviters[0]!, { firstName: "Pat", email })),
    );
    expect(racing.map((a) => a.status).sort()).toEqual([201, ...Array(9).fill(409)]);
    expect((await invite(inviters[1]!, { firstName: "Pat", email })).status).toBe(201);
    // A renewal is an invitation to the address too.
    const [partner] = (await list(inviters[1]!)).partners;
    expect(
      (await call(`/api/partner/${partner!.id}/renew`, { method: "POST", cookie: inviters[1]!.cookie, body: {} }))
        .status,
    ).toBe(200);
    expect(await invite(inviters[2]!, { firstName: "Pat", email })).toEqual({
      status: 429,
      body: { error: partnerMessages.addressLimit },
    });
    expect(await t.db.select().from(partners).where(eq(partners.userId, inviters[2]!.id))).toEqual([]);
    expect(t.smtp.countFor(email)).toBe(3);
    // Another address is not affected; a day later this one may be invited again.
    expect((await invite(inviters[3]!, { firstName: "Kim", email: uniqueEmail("other") })).status).toBe(201);
    const tomorrow = new Date(Date.now() + DAY_MS + 1000);
    const deps = { db: t.db, mailer: t.deps.mailer, env: t.deps.env };
    const user = { id: inviters[2]!.id, email: inviters[2]!.email, firstName: inviters[2]!.firstName };
    const answer = await invitePartner(deps, user, { firstName: "Pat", email }, tomorrow);
    expect(answer.partners.map((p) => p.email)).toEqual([email]);
  });

  it("keeps nothing when the invitation cannot be sent, so he can simply try again", async () => {
    const user = await t.createUser();
    const email = uniqueEmail("unreachable");
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error("mail server down");
    };
    try {
      expect(await invite(user, { firstName: "Sam", email })).toEqual({
        status: 502,
        body: { error: partnerMessages.inviteFailed },
      });
    } finally {
      t.deps.mailer.send = send;
    }
    expect((await list(user)).partners).toEqual([]);
    expect((await invite(user, { firstName: "Sam", email })).status).toBe(201);
  });

  it("removes a partner: the link answers 404 at once, and his cheers go with him", async () => {
    const user = await t.createUser();
    const email = uniqueEmail("gone");
    await invite(user, { firstName: "Sam", email });
    const { token } = await linkFor(email);
    await call(`/api/partner-view/${token}/accept`, { method: "POST", body: {} });
    expect((await call(`/api/partner-view/${token}/cheers`, { body: { text: "Go!" } })).status).toBe(201);
    const [partner] = (await list(user)).partners;
    const removed = await call(`/api/partner/${partner!.id}`, { method: "DELETE", cookie: user.cookie });
    expect(removed).toEqual({ status: 200, body: { partners: [], maxPartners: 1, cheers: [] } });
    expect(await call(`/api/partner-view/${token}`)).toEqual({ status: 404, body: { error: "Not found" } });
    expect(await t.db.select().from(partnerCheers).where(eq(partnerCheers.userId, user.id))).toEqual([]);
    expect(await call(`/api/partner/${partner!.id}`, { method: "DELETE", cookie: user.cookie })).toEqual({
      status: 404,
      body: { error: partnerMessages.notFound },
    });
  });

  it("renews a link: the old one answers 404 at once, the new one arrives by e-mail and works", async () => {
    const user = await t.createUser({ firstName: "Marcus" });
    const email = uniqueEmail("renew");
    await invite(user, { firstName: "Sam", email });
    const first = await linkFor(email);
    const accepted = await call(`/api/partner-view/${first.token}/accept`, { method: "POST", body: {} });
    expect(accepted.body.state).toBe("accepted");
    const before = (await list(user)).partners[0]!;

    const since = t.smtp.mails.length;
    const renewed = await call(`/api/partner/${before.id}/renew`, { method: "POST", cookie: user.cookie, body: {} });
    expect(renewed.status).toBe(200);
    const after = (renewed.body as PartnersAnswer).partners[0]!;
    // A confirmed partner stays confirmed; the link is new.
    expect(after).toMatchObject({ id: before.id, status: "accepted", acceptedAt: before.acceptedAt });
    const second = await linkFor(email, since);
    expect(second.token).not.toBe(first.token);
    expect(await call(`/api/partner-view/${first.token}`)).toEqual({ status: 404, body: { error: "Not found" } });
    expect((await call(`/api/partner-view/${first.token}/cheers`, { body: { text: "Hi" } })).status).toBe(404);
    expect((await call(`/api/partner-view/${second.token}`)).body.state).toBe("accepted");
  });

  it("answers 404 for another user's or an unknown partner and cheer, and changes nothing of theirs", async () => {
    const owner = await t.createUser();
    const other = await t.createUser();
    const email = uniqueEmail("owned");
    await invite(owner, { firstName: "Sam", email });
    const { token } = await linkFor(email);
    await call(`/api/partner-view/${token}/accept`, { method: "POST", body: {} });
    await call(`/api/partner-view/${token}/cheers`, { body: { text: "Keep going" } });
    const mine = await list(owner);
    const partnerId = mine.partners[0]!.id;
    const cheerId = mine.cheers[0]!.id;
    const notFound = { status: 404, body: { error: partnerMessages.notFound } };
    for (const id of [partnerId, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect(await call(`/api/partner/${id}`, { method: "DELETE", cookie: other.cookie })).toEqual(notFound);
      expect(await call(`/api/partner/${id}/renew`, { method: "POST", cookie: other.cookie, body: {} })).toEqual(
        notFound,
      );
    }
    for (const id of [cheerId, "00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
      expect(await call(`/api/partner/cheers/${id}`, { method: "DELETE", cookie: other.cookie })).toEqual({
        status: 404,
        body: { error: "Not found" },
      });
    }
    expect((await list(other)).partners).toEqual([]);
    const after = await list(owner);
    expect(after.partners.map((p) => p.id)).toEqual([partnerId]);
    expect(after.cheers.map((c) => c.id)).toEqual([cheerId]);
    expect((await call(`/api/partner-view/${token}`)).status).toBe(200);
    // Signed out: 401.
    expect((await call("/api/partner")).status).toBe(401);
    expect((await call("/api/partner/invitations", { body: { firstName: "Sam", email } })).status).toBe(401);
  });

  it("shows his cheers: not dismissed, of the last 30 days, newest first, at most 10; dismissing hides one", async () => {
    const user = await t.createUser();
    const email = uniqueEmail("cheerful");
    await invite(user, { firstName: "Sam", email });
    const [partner] = await t.db.select().from(partners).where(eq(partners.userId, user.id));
    const now = Date.now();
    await t.db.insert(partnerCheers).values([
      ...Array.from({ length: 12 }, (_, i) => ({
        userId: user.id,
        partnerId: partner!.id,
        text: `Cheer ${i}`,
        createdAt: new Date(now - i * 3_600_000),
      })),
      { userId: user.id, partnerId: partner!.id, text: "A month ago", createdAt: new Date(now - 31 * DAY_MS) },
    ]);
    const { cheers } = await list(user);
    expect(cheers.map((c) => c.text)).toEqual(Array.from({ length: 10 }, (_, i) => `Cheer ${i}`));
    expect(cheers[0]).toEqual({
      id: expect.any(String),
      partnerFirstName: "Sam",
      text: "Cheer 0",
      createdAt: new Date(now).toISOString(),
    });

    const dismissed = await call(`/api/partner/cheers/${cheers[0]!.id}`, { method: "DELETE", cookie: user.cookie });
    expect(dismissed.status).toBe(200);
    expect((dismissed.body as PartnersAnswer).cheers.map((c) => c.text)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Cheer ${i + 1}`),
    );
    // Dismissing again changes nothing and keeps the first moment.
    const [row] = await t.db.select().from(partnerCheers).where(eq(partnerCheers.id, cheers[0]!.id));
    expect(row?.dismissedAt).toBeInstanceOf(Date);
    expect((await call(`/api/partner/cheers/${cheers[0]!.id}`, { method: "DELETE", cookie: user.cookie })).status).toBe(
      200,
    );
    const [again] = await t.db.select().from(partnerCheers).where(eq(partnerCheers.id, cheers[0]!.id));
    expect(again?.dismissedAt).toEqual(row?.dismissedAt);
  });

  it("lists an invitation not confirmed within 14 days as expired, and inviting the address again renews it", async () => {
    const user = await t.createUser();
    const email = uniqueEmail("late");
    await invite(user, { firstName: "Sam", email });
    const [row] = await t.db.select().from(partners).where(eq(partners.userId, user.id));
    const invitedAt = row!.invitedAt.getTime();
    const justBefore = new Date(invitedAt + INVITATION_EXPIRY_DAYS * DAY_MS - 1);
    const expiry = new Date(invitedAt + INVITATION_EXPIRY_DAYS * DAY_MS);
    expect((await listPartners(t.db, user.id, justBefore)).partners[0]?.status).toBe("invited");
    expect((await listPartners(t.db, user.id, expiry)).partners[0]?.status).toBe("expired");

    // Still his one partner on the free plan: another address is refused, the same one renewed (new link, new name).
    const deps = { db: t.db, mailer: t.deps.mailer, env: t.deps.env };
    const inviter = { id: user.id, email: user.email, firstName: user.firstName };
    await expect(invitePartner(deps, inviter, { firstName: "Kim", email: uniqueEmail("x") }, expiry)).rejects.toThrow(
      "partner.freeLimit",
    );
    const since = t.smtp.mails.length;
    const renewed = await invitePartner(deps, inviter, { firstName: "Samantha", email }, expiry);
    expect(renewed.partners).toEqual([
      expect.objectContaining({
        id: row!.id,
        firstName: "Samantha",
        status: "invited",
        invitedAt: expiry.toISOString(),
      }),
    ]);
    expect(t.smtp.countFor(email)).toBe(2);
    await t.smtp.waitFor(email, { since });
  });

  it("lists his partners, their cheers and deliveries in his data export, never a link's secret", async () => {
    const user = await t.createUser();
    const email = uniqueEmail("exported");
    await invite(user, { firstName: "Sam", email });
    const { token } = await linkFor(email);
    await call(`/api/partner-view/${token}/accept`, { method: "POST", body: {} });
    await call(`/api/partner-view/${token}/cheers`, { body: { text: "Proud of you" } });
    const [partner] = await t.db.select().from(partners).where(eq(partners.userId, user.id));
    await t.db
      .insert(partnerDeliveries)
      .values({ userId: user.id, partnerId: partner!.id, kind: "weekly_summary", subjectKey: "2030-W01" });

    const file = (await (await t.request("/api/me/data", { cookie: user.cookie })).json()) as DataExport;
    expect(file.tables.partners?.rows).toEqual([
      expect.objectContaining({ firstName: "Sam", email, acceptedAt: expect.any(String) }),
    ]);
    expect(file.tables.partners?.omittedColumns).toEqual(["tokenHash"]);
    expect(file.tables.partners?.rows[0]).not.toHaveProperty("tokenHash");
    expect(file.tables.partner_cheers?.rows).toEqual([expect.objectContaining({ text: "Proud of you" })]);
    expect(file.tables.partner_deliveries?.rows).toEqual([expect.objectContaining({ kind: "weekly_summary" })]);
    const text = JSON.stringify(file);
    expect(text).not.toContain(token);
    expect(text).not.toContain(partner!.tokenHash);
  });

  it("deletes his partners, their cheers and deliveries with his account", async () => {
    const user = await t.createUser();
    const email = uniqueEmail("deleted");
    await invite(user, { firstName: "Sam", email });
    const { token } = await linkFor(email);
    await call(`/api/partner-view/${token}/accept`, { method: "POST", body: {} });
    await call(`/api/partner-view/${token}/cheers`, { body: { text: "Bye" } });
    const [partner] = await t.db.select().from(partners).where(eq(partners.userId, user.id));
    await t.db
      .insert(partnerDeliveries)
      .values({ userId: user.id, partnerId: partner!.id, kind: "completed", subjectKey: "m1" });

    const deleted = await call("/api/me/delete", { cookie: user.cookie, body: { password: user.password } });
    expect(deleted.status).toBe(200);
    expect(await t.db.select().from(partners).where(eq(partners.userId, user.id))).toEqual([]);
    expect(await t.db.select().from(partnerCheers).where(eq(partnerCheers.userId, user.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(partnerDeliveries)
        .where(and(eq(partnerDeliveries.userId, user.id), eq(partnerDeliveries.partnerId, partner!.id))),
    ).toEqual([]);
    expect(await call(`/api/partner-view/${token}`)).toEqual({ status: 404, body: { error: "Not found" } });
  });

  /**
   * Issue 41: one account sent 30 invitations in 7 s, and one address got 6 of 6 under plus tags. Each invitation is
   * an e-mail from our domain with words he chose, so each row is what a user or the operator notices (decision 0115).
   */
  describe("issue 41: invitations that cannot send spam", () => {
    const remove = (user: TestUser, id: string) =>
      call(`/api/partner/${id}`, { method: "DELETE", cookie: user.cookie });
    const renew = (user: TestUser, id: string) =>
      t.request(`/api/partner/${id}/renew`, { method: "POST", cookie: user.cookie, body: {} });

    /** Invites, then removes the partner so the free plan's one place is free again: what the attack did. */
    async function inviteAndRemove(user: TestUser, email: string) {
      const answer = await invite(user, { firstName: "Sam", email });
      expect(answer.status, email).toBe(201);
      // Listed as he typed it (lower-cased), whatever mailbox it is counted as.
      const partner = (answer.body as PartnersAnswer).partners.find((p) => p.email === email.toLowerCase());
      expect((await remove(user, String(partner?.id))).status).toBe(200);
    }

    it("issue 41 row 1: a free account sends 5 invitations and renewals a day whatever the addresses; the 6th is 429 with Retry-After, nothing kept or sent", async () => {
      expect(t.deps.env.rateLimits.perEmail.partnerInvitesFree).toBe(5);
      const user = await t.createUser();
      for (const email of [uniqueEmail("a"), uniqueEmail("b"), uniqueEmail("c")]) await inviteAndRemove(user, email);
      const kept = uniqueEmail("kept");
      const [partner] = ((await invite(user, { firstName: "Kim", email: kept })).body as PartnersAnswer).partners;
      // Refusals count nothing: already on his list, an address nothing can deliver.
      expect((await invite(user, { firstName: "Kim", email: kept })).status).toBe(409);
      expect((await invite(user, { firstName: "Kim", email: "kim@[127.0.0.1]" })).status).toBe(400);
      expect((await renew(user, partner!.id)).status).toBe(200);

      // Five e-mails sent: a sixth renewal and a sixth invitation are refused, each with its own message.
      const refused = await renew(user, partner!.id);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toEqual({ error: partnerMessages.dailyLimit });
      const wait = Number(refused.headers.get("retry-after"));
      expect(wait).toBeGreaterThan(0);
      expect(wait).toBeLessThanOrEqual(86_400);
      expect((await remove(user, partner!.id)).status).toBe(200);
      const sixth = uniqueEmail("sixth");
      expect(await invite(user, { firstName: "Pat", email: sixth })).toEqual({
        status: 429,
        body: { error: partnerMessages.dailyLimit },
      });
      expect(await t.db.select().from(partners).where(eq(partners.userId, user.id))).toEqual([]);
      expect(t.smtp.countFor(sixth)).toBe(0);
      expect(t.smtp.countFor(kept)).toBe(2);

      // Premium has a higher number on the same counter: once he is Premium the sixth goes out, and counts.
      expect(t.deps.env.rateLimits.perEmail.partnerInvitesPremium).toBe(10);
      await makePremium(user);
      await inviteAndRemove(user, sixth);
      expect(t.smtp.countFor(sixth)).toBe(1);
      // A day later he may invite again.
      const inviter = { id: user.id, email: user.email, firstName: user.firstName };
      const deps = { db: t.db, mailer: t.deps.mailer, env: t.deps.env };
      const tomorrow = new Date(Date.now() + DAY_MS + 1000);
      const later = await invitePartner(deps, inviter, { firstName: "Lee", email: uniqueEmail("later") }, tomorrow);
      expect(later.partners).toHaveLength(1);
    });

    it("issue 41 row 2: plus-tagged, upper-case and dotted Gmail spellings of one mailbox count as one address; each is sent as typed", async () => {
      const name = `sam${randomBytes(4).toString("hex")}`;
      const spellings = [
        `${name}+1@gmail.com`,
        `${name.toUpperCase()}+2@GoogleMail.com`,
        `${name.slice(0, 2)}.${name.slice(2)}@gmail.com`,
        `${name}+4@gmail.com`,
        `${name}@googlemail.com`,
        `${name.slice(0, 1)}.${name.slice(1)}+6@gmail.com`,
      ];
      // Two accounts, each removing the partner again after inviting (the free plan's one place): three spellings go
      // out, the other three are the same mailbox's fourth invitation of the day.
      const [first, second] = await Promise.all([t.createUser(), t.createUser()]);
      await inviteAndRemove(first!, spellings[0]!);
      await inviteAndRemove(first!, spellings[1]!);
      await inviteAndRemove(second!, spellings[2]!);
      for (const email of spellings.slice(3)) {
        expect(await invite(second!, { firstName: "Sam", email }), email).toEqual({
          status: 429,
          body: { error: partnerMessages.addressLimit },
        });
      }
      expect(t.smtp.countFor(spellings[0]!)).toBe(1);
      expect(t.smtp.mails.filter((m) => m.to.join(" ").includes(name.slice(2)))).toHaveLength(3);
    });

    it("issue 41 row 2: his own address and an address on his list are recognised under a plus tag", async () => {
      const user = await t.createUser();
      const own = user.email.replace("@", "+partner@");
      expect(await invite(user, { firstName: "Me", email: own })).toEqual({
        status: 400,
        body: { error: partnerMessages.ownEmail },
      });
      const email = uniqueEmail("sam");
      expect((await invite(user, { firstName: "Sam", email })).status).toBe(201);
      expect(await invite(user, { firstName: "Sam", email: email.replace("@", "+again@") })).toEqual({
        status: 409,
        body: { error: partnerMessages.alreadyInvited },
      });
    });

    it("issue 41 rows 3 and 4: an address at an IP address or a reserved domain gets the screen's message; nothing is stored or sent", async () => {
      const user = await t.createUser();
      const cases: Array<[string, string]> = [
        ["x@[127.0.0.1]", partnerMessages.emailIpAddress],
        ["x@192.168.1.20", partnerMessages.emailIpAddress],
        ["sam@printer.local", partnerMessages.emailReservedDomain],
        ["sam@mail.test", partnerMessages.emailReservedDomain],
        ["sam@shop.example", partnerMessages.emailReservedDomain],
        ["sam@nowhere.invalid", partnerMessages.emailReservedDomain],
        ["sam@me.localhost", partnerMessages.emailReservedDomain],
        ["sam@hidden.onion", partnerMessages.emailReservedDomain],
      ];
      for (const [email, message] of cases) {
        expect(await invite(user, { firstName: "Sam", email }), email).toEqual({
          status: 400,
          body: { error: message },
        });
        expect(t.smtp.countFor(email), email).toBe(0);
      }
      expect(await t.db.select().from(partners).where(eq(partners.userId, user.id))).toEqual([]);
    });

    it("issue 41 row 5: a first name with a line separator or an invisible character is refused with the message, his own too", async () => {
      const user = await t.createUser();
      const email = uniqueEmail("sam");
      for (const firstName of ["Sam\u2028Claim your prize", "Sam\u2029Hi", "Sa\u200Bm", "\u202Emas", "Sam\u2060"]) {
        expect(await invite(user, { firstName, email }), JSON.stringify(firstName)).toEqual({
          status: 400,
          body: { error: textMessages.invisibleCharacters },
        });
      }
      expect(await t.db.select().from(partners).where(eq(partners.userId, user.id))).toEqual([]);
      expect(t.smtp.countFor(email)).toBe(0);
      // His own first name is in the invitation too: the profile and sign-up refuse the same.
      expect(
        await call("/api/me", { method: "PATCH", cookie: user.cookie, body: { firstName: "Marcus\u2028Hi" } }),
      ).toEqual({
        status: 400,
        body: { error: textMessages.invisibleCharacters },
      });
      const account = newAccount({ firstName: "Mar\u200Bcus" });
      expect(await call("/api/auth/sign-up/email", { body: signUpBody(account) })).toEqual({
        status: 400,
        body: { error: textMessages.invisibleCharacters },
      });
      expect(t.smtp.countFor(account.email)).toBe(0);
    });
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
