import { eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { challenges, milestones, partnerCheers, partners, quizResponses } from "#server/db/schema.ts";
import { loggablePath } from "#server/http/loggable-path.ts";
import { toThirdPerson } from "#server/services/ai/offline/third-person.ts";
import { sendCheer } from "#server/services/partners/cheers.ts";
import { acceptPartnerLink, viewPartnerLink } from "#server/services/partners/partner-view.ts";
import type { PartnersAnswer } from "#shared/partners/contracts.ts";
import { CHEER_MAX_LENGTH, CHEERS_PER_PARTNER_PER_DAY, partnerMessages } from "#shared/partners/rules.ts";
import { textMessages } from "#shared/text-rules.ts";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { useFixedClock } from "#tests/support/fixed-clock.ts";
import { MARCUS, uniqueEmail } from "#tests/support/personas.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

// Over 400 lines and one job: the partner's page and what a link opens, on one clock and one partnership.

/**
 * The partner's page without an account (issue 25, decision 0106): the link's secret is the key; confirming is
 * explicit; the plan shows only what PartnerPlanView names; cheers are short, plain and limited; a link that opens
 * nothing answers like any unknown path. The clock is a fixed Tuesday morning, whatever the wall clock says.
 */
const NOW = new Date("2030-01-01T10:00:00Z");
const DAY_MS = 86_400_000;
const NOT_FOUND = { status: 404, body: { error: "Not found" } };

describe("the partner's page", () => {
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
    return { status: response.status, body: (await response.json()) as Record<string, unknown>, response };
  }
  const view = (token: string) => call(`/api/partner-view/${token}`);
  const accept = (token: string) => call(`/api/partner-view/${token}/accept`, { method: "POST", body: {} });
  const cheer = (token: string, text: unknown) => call(`/api/partner-view/${token}/cheers`, { body: { text } });
  const list = async (user: TestUser) => (await call("/api/partner", { cookie: user.cookie })).body as PartnersAnswer;

  /** Invites a partner for `user` and reads the link's secret from the e-mail. */
  async function invited(user: TestUser, firstName = "Sam") {
    const email = uniqueEmail("partner");
    const since = t.smtp.mails.length;
    const answer = await call("/api/partner/invitations", { cookie: user.cookie, body: { firstName, email } });
    if (answer.status !== 201) throw new Error(`invitation failed: ${JSON.stringify(answer.body)}`);
    const mail = await t.smtp.waitFor(email, { since });
    const link = mail.links.find((l) => l.includes("/partner/view/"))!;
    return { email, token: new URL(link).pathname.split("/").at(-1)! };
  }

  /**
   * Marcus's plan as a partner should see it: the first challenge accepted, its first milestone completed, the second
   * overdue, the third due on a later day; todos generated on the second (their text must never show); the second
   * challenge not accepted (it must not show at all); notes on the accepted one.
   */
  async function marcusWithPlan() {
    const { user, plan, quizResponseId } = await t.userWithPlan({ firstName: "Marcus" });
    const [accepted, other] = plan.challenges;
    await user.api.challenges[":id"].$patch({ param: { id: accepted!.id }, json: { challengeAccepted: true } });
    const [first, second, third] = accepted!.milestones;
    await user.api.milestones.$patch({
      json: {
        milestones: [
          { id: first!.id, milestoneDeadline: "2030-01-05" },
          { id: third!.id, milestoneDeadline: "2030-02-15" },
        ],
      },
    });
    await user.api.milestones[":id"].$patch({ param: { id: first!.id }, json: { milestoneCompleted: true } });
    const generated = await user.api.milestones[":id"].todos.$post({ param: { id: second!.id } });
    const { todos } = (await generated.json()) as { todos: { todoDescription: string }[] };
    // Overdue: due two days ago (the API refuses a past day, so the row is dated directly).
    await t.db
      .update(milestones)
      .set({ milestoneDeadline: new Date("2029-12-30T23:59:59.000Z") })
      .where(eq(milestones.id, second!.id));
    await t.db
      .update(challenges)
      .set({ notes: "Private notes nobody else reads" })
      .where(eq(challenges.id, accepted!.id));
    return { user, plan, quizResponseId, accepted: accepted!, other: other!, todos };
  }

  it("asks the partner to confirm first, and shows nothing of the plan until then", async () => {
    const { user, accepted } = await marcusWithPlan();
    const { token } = await invited(user, "Sam");
    const before = await view(token);
    expect(before.status).toBe(200);
    expect(before.body).toEqual({ state: "invited", inviterFirstName: "Marcus", partnerFirstName: "Sam" });
    expect(JSON.stringify(before.body)).not.toContain(accepted.title);
    // No cheer before confirming.
    expect(await cheer(token, "Go!")).toMatchObject({ status: 409, body: { error: partnerMessages.notAccepted } });

    const confirmed = await accept(token);
    expect(confirmed.status).toBe(200);
    expect(confirmed.body).toMatchObject({ state: "accepted", partnerFirstName: "Sam" });
    const [row] = await t.db.select().from(partners).where(eq(partners.userId, user.id));
    expect(row?.acceptedAt).toBeInstanceOf(Date);
    // Confirming again (a second tab) keeps the first moment.
    expect((await accept(token)).status).toBe(200);
    const [again] = await t.db.select().from(partners).where(eq(partners.userId, user.id));
    expect(again?.acceptedAt).toEqual(row?.acceptedAt);
    expect((await list(user)).partners[0]).toMatchObject({ status: "accepted", acceptedAt: expect.any(String) });
    expect((await view(token)).body.state).toBe("accepted");
  });

  it("issue 35 row 3: the partner reads no 'you' or 'your' about Marcus anywhere on his page: mission and milestones", async () => {
    const { user } = await marcusWithPlan();
    const { token } = await invited(user, "Sam");
    await accept(token);
    const { plan } = (await view(token)).body as {
      plan: { lifeMission: string; challenges: { milestones: { description: string }[] }[] };
    };
    const texts = [plan.lifeMission, ...plan.challenges.flatMap((c) => c.milestones.map((m) => m.description))];
    expect(texts.length).toBeGreaterThan(1);
    for (const text of texts) expect(text).not.toMatch(/\b(you|your|yours|yourself)\b/i);
  });

  it("shows his first name, life mission, accepted challenges with milestones, overdue and progress — nothing else", async () => {
    const { user, quizResponseId, accepted, other, todos } = await marcusWithPlan();
    const { token, email } = await invited(user, "Sam");
    await accept(token);
    const answer = await view(token);
    expect(answer.status).toBe(200);
    const [first, second, third] = accepted.milestones;
    // His mission as someone else reads it (issue 35 row 3), not his own second-person text.
    const [stored] = await t.db.select().from(quizResponses).where(eq(quizResponses.id, quizResponseId));
    expect(answer.body).toEqual({
      state: "accepted",
      partnerFirstName: "Sam",
      cheersLeftToday: CHEERS_PER_PARTNER_PER_DAY,
      plan: {
        firstName: "Marcus",
        // No zone sent by his browser yet: the page writes times in UTC (issue 53 row 13).
        timeZone: "UTC",
        lifeMission: stored?.lifeMissionForOthers,
        // One of three milestones completed, no todo of the second done: a third.
        progress: 33,
        challenges: [
          {
            title: accepted.title,
            progress: 33,
            milestones: [
              {
                milestoneType: "immediate",
                description: toThirdPerson(first!.milestoneDescription),
                deadline: "2030-01-05",
                completed: true,
                overdue: false,
                proof: null,
              },
              {
                milestoneType: "short_term",
                description: toThirdPerson(second!.milestoneDescription),
                deadline: "2029-12-30",
                completed: false,
                overdue: true,
                proof: null,
              },
              {
                milestoneType: "medium_term",
                description: toThirdPerson(third!.milestoneDescription),
                deadline: "2030-02-15",
                completed: false,
                overdue: false,
                proof: null,
              },
            ],
          },
        ],
        // He has not allowed it (off by default).
        screenTime: null,
      },
    });

    const text = JSON.stringify(answer.body);
    const forbidden = [
      user.email,
      email,
      token,
      user.id,
      quizResponseId,
      accepted.id,
      first!.id,
      other.title,
      "Private notes nobody else reads",
      ...MARCUS,
      ...todos.map((todo) => todo.todoDescription),
    ];
    for (const secret of forbidden) expect(text, secret).not.toContain(secret);
    expect(text).not.toMatch(/"(email|answers|token|tokenHash|notes|todos|id|userId)"/);
  });

  it("shows an empty plan to the partner of someone who has none yet", async () => {
    const user = await t.createUser({ firstName: "Nova" });
    const { token } = await invited(user);
    expect((await accept(token)).body).toEqual({
      state: "accepted",
      partnerFirstName: "Sam",
      cheersLeftToday: CHEERS_PER_PARTNER_PER_DAY,
      plan: { firstName: "Nova", timeZone: "UTC", lifeMission: null, progress: 0, challenges: [], screenTime: null },
    });
  });

  /** A check-in as he confirmed it, typed; `topApps` as he kept them. */
  async function checkIn(user: TestUser, day: string, minutes: number, topApps?: { name: string; minutes: number }[]) {
    const saved = await user.api["screen-time"].days[":day"].$put({
      param: { day },
      json: { minutes, period: "day", source: "typed", ...(topApps ? { topApps } : {}) },
    });
    expect(saved.status).toBe(200);
  }
  const shareScreenTime = async (user: TestUser, on: boolean) =>
    expect((await user.api.reminders.settings.$patch({ json: { partnerSeesScreenTime: on } })).status).toBe(200);
  const screenTimeSeen = async (token: string) =>
    ((await view(token)).body as { plan: { screenTime: unknown } }).plan.screenTime;

  it("issue 55: shows his screen-time trend only while he allows it: the one number's inputs and the weeks, no day or app", async () => {
    const { user } = await marcusWithPlan();
    const { token } = await invited(user, "Sam");
    await accept(token);
    // His starting point on Monday 10 December; two check-ins in the 14 days before this Tuesday, 1 January 2030.
    await checkIn(user, "2029-12-10", 310);
    await checkIn(user, "2029-12-28", 240, [{ name: "Pinterest", minutes: 95 }]);
    await checkIn(user, "2029-12-31", 180);
    // Another man's check-ins, shared with his own partner, never reach Marcus's.
    const other = await t.createUser({ firstName: "Jonas" });
    const his = await invited(other, "Kim");
    await accept(his.token);
    await checkIn(other, "2029-12-20", 600);
    await checkIn(other, "2029-12-30", 660);
    await shareScreenTime(other, true);

    expect(await screenTimeSeen(token)).toBeNull();

    await shareScreenTime(user, true);
    const answer = await view(token);
    const { screenTime } = (answer.body as { plan: { screenTime: { weeks: unknown[] } } }).plan;
    expect(screenTime).toEqual({
      startingPointMinutes: 310,
      // 310 − (240 + 180) / 2.
      takenBack: { minutesPerDay: 100, basedOn: 2 },
      weeks: expect.any(Array),
    });
    expect(screenTime.weeks).toHaveLength(12);
    expect(screenTime.weeks.slice(-4)).toEqual([
      { monday: "2029-12-10", minutes: 310 },
      { monday: "2029-12-17", minutes: null },
      { monday: "2029-12-24", minutes: 240 },
      { monday: "2029-12-31", minutes: 180 },
    ]);
    const text = JSON.stringify(answer.body);
    for (const secret of ["Pinterest", "2029-12-28", "topApps", "checkIns", "600", "660"]) {
      expect(text, secret).not.toContain(secret);
    }
    expect(await screenTimeSeen(his.token)).toMatchObject({
      startingPointMinutes: 600,
      takenBack: { minutesPerDay: -60, basedOn: 1 },
    });

    await shareScreenTime(user, false);
    expect(await screenTimeSeen(token)).toBeNull();
  });

  it("issue 55: tells the partner of a man without a plan or a check-in that there is nothing yet, once allowed", async () => {
    const user = await t.createUser({ firstName: "Nova" });
    const { token } = await invited(user);
    await accept(token);
    await shareScreenTime(user, true);
    const screenTime = (await screenTimeSeen(token)) as { weeks: { minutes: number | null }[] };
    expect(screenTime).toMatchObject({ startingPointMinutes: null, takenBack: null });
    expect(screenTime.weeks.map((w) => w.minutes)).toEqual(Array(12).fill(null));
  });

  it("records when the partner last opened the page", async () => {
    const user = await t.createUser();
    const { token } = await invited(user);
    expect((await list(user)).partners[0]?.lastViewedAt).toBeNull();
    const opened = Date.now();
    await view(token);
    const lastViewedAt = (await list(user)).partners[0]?.lastViewedAt;
    expect(Date.parse(lastViewedAt!)).toBeGreaterThanOrEqual(opened - 1000);
    // On the clock it is given.
    const later = new Date(NOW.getTime() + 3 * DAY_MS);
    await viewPartnerLink(t.db, token, later);
    expect((await list(user)).partners[0]?.lastViewedAt).toBe(later.toISOString());
  });

  it("answers a link that opens nothing like any unknown path, keeps every answer private, and the token out of logs", async () => {
    const user = await t.createUser();
    const { token } = await invited(user);
    const unknownPath = await call("/api/no-such-thing");
    expect(unknownPath.status).toBe(404);
    for (const path of [
      `/api/partner-view/${"A".repeat(43)}`,
      `/api/partner-view/${token.slice(0, 42)}`,
      `/api/partner-view/${token}x`,
      "/api/partner-view/%20",
    ]) {
      const answer = await call(path);
      expect({ status: answer.status, body: answer.body }, path).toEqual({ status: 404, body: unknownPath.body });
    }
    expect({ ...(await accept("B".repeat(43))), response: undefined }).toEqual({ ...NOT_FOUND, response: undefined });
    expect((await cheer("C".repeat(43), "Hi")).status).toBe(404);

    for (const answer of [await view(token), await view("D".repeat(43)), await accept(token)]) {
      expect(answer.response.headers.get("cache-control")).toBe("no-store");
      expect(answer.response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(answer.response.headers.get("x-robots-tag")).toBe("noindex");
    }
    // The page itself, at the path of the e-mail's link.
    const page = await t.request(`/partner/view/${token}`);
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    expect(page.headers.get("x-robots-tag")).toBe("noindex");
    expect(page.headers.get("cache-control")).toBe("no-store");

    expect(loggablePath(`/api/partner-view/${token}`)).toBe("/api/partner-view/:token");
    expect(loggablePath(`/api/partner-view/${token}/accept`)).toBe("/api/partner-view/:token/accept");
    expect(loggablePath(`/api/partner-view/${token}/cheers`)).toBe("/api/partner-view/:token/cheers");
    expect(loggablePath(`/partner/view/${token}`)).toBe("/partner/view/:token");
    expect(loggablePath("/api/partner/invitations")).toBe("/api/partner/invitations");
  });

  it("expires an invitation not confirmed within 14 days; a confirmed partner's link does not expire", async () => {
    const user = await t.createUser();
    const waiting = await invited(user);
    const [row] = await t.db.select().from(partners).where(eq(partners.userId, user.id));
    const invitedAt = row!.invitedAt.getTime();
    const justBefore = new Date(invitedAt + 14 * DAY_MS - 1);
    const expiry = new Date(invitedAt + 14 * DAY_MS);
    expect((await viewPartnerLink(t.db, waiting.token, justBefore))?.state).toBe("invited");
    expect(await viewPartnerLink(t.db, waiting.token, expiry)).toBeNull();
    expect(await acceptPartnerLink(t.db, waiting.token, expiry)).toBeNull();

    vi.setSystemTime(expiry);
    try {
      expect({ ...(await view(waiting.token)), response: undefined }).toEqual({ ...NOT_FOUND, response: undefined });
      expect((await accept(waiting.token)).status).toBe(404);
    } finally {
      vi.setSystemTime(NOW);
    }

    const premium = await t.createUser();
    const confirmed = await invited(premium);
    await accept(confirmed.token);
    expect((await viewPartnerLink(t.db, confirmed.token, new Date(Date.now() + 400 * DAY_MS)))?.state).toBe("accepted");
  });

  it("takes a cheer of up to 280 characters as plain text, exactly as typed, for his dashboard", async () => {
    const user = await t.createUser();
    const { token } = await invited(user, "Sam");
    await accept(token);
    expect(await cheer(token, "   ")).toMatchObject({ status: 400, body: { error: partnerMessages.cheerRequired } });
    expect(await cheer(token, "x".repeat(CHEER_MAX_LENGTH + 1))).toMatchObject({
      status: 400,
      body: { error: partnerMessages.cheerTooLong },
    });
    const longest = await cheer(token, "y".repeat(CHEER_MAX_LENGTH));
    expect(longest.status).toBe(201);
    expect(longest.body).toEqual({ cheersLeftToday: CHEERS_PER_PARTNER_PER_DAY - 1 });
    // A later moment on the test's stepping clock, so "newest first" has one answer.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const html = `<b>Go</b> <script>alert("x")</script> &amp; <img src=x onerror=alert(1)>`;
    expect((await cheer(token, html)).status).toBe(201);

    const { cheers } = await list(user);
    expect(cheers.map((c) => c.text)).toEqual([html, "y".repeat(CHEER_MAX_LENGTH)]);
    expect(cheers[0]).toMatchObject({ partnerFirstName: "Sam" });
    const [stored] = await t.db.select().from(partnerCheers).where(eq(partnerCheers.text, html));
    expect(stored?.userId).toBe(user.id);
    expect((await view(token)).body.cheersLeftToday).toBe(CHEERS_PER_PARTNER_PER_DAY - 2);
  });

  it("issue 52 row 11: refuses a cheer with invisible characters, as a first name is, and his dashboard shows nothing", async () => {
    const user = await t.createUser();
    const { token } = await invited(user, "Sam");
    await accept(token);
    for (const text of [
      "Go \u202Eniw\u202C Marcus",
      "Go\u200B Marcus",
      "Go Marcus\u{E0041}\u{E0042}",
      "Go\u2028Marcus",
      "\u2066Go Marcus\u2069",
    ]) {
      expect(await cheer(token, text), JSON.stringify(text)).toMatchObject({
        status: 400,
        body: { error: textMessages.invisibleCharacters },
      });
    }
    expect(await t.db.select().from(partnerCheers).where(eq(partnerCheers.userId, user.id))).toEqual([]);
    expect((await list(user)).cheers).toEqual([]);
    expect((await view(token)).body.cheersLeftToday).toBe(CHEERS_PER_PARTNER_PER_DAY);
    // What people write still passes: an emoji with its selector, a family joined by zero-width joiners.
    expect((await cheer(token, "Proud of you \u2764\uFE0F \u{1F468}\u200D\u{1F469}\u200D\u{1F467}")).status).toBe(201);
  });

  it("lets one partner send 5 cheers a day, counted in the database even when sent at once", async () => {
    const user = await t.createUser();
    const { token } = await invited(user);
    await accept(token);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => cheer(token, `Cheer ${i}`)));
    expect(answers.map((a) => a.status).sort()).toEqual([...Array(5).fill(201), ...Array(5).fill(429)]);
    expect(answers.find((a) => a.status === 429)?.body).toEqual({ error: partnerMessages.cheerLimit });
    expect(await t.db.select().from(partnerCheers).where(eq(partnerCheers.userId, user.id))).toHaveLength(5);
    expect((await view(token)).body.cheersLeftToday).toBe(0);
    // A day later he may cheer again.
    const tomorrow = new Date(Date.now() + DAY_MS + 1000);
    expect(await sendCheer(t.db, token, "New day", tomorrow)).toEqual({ cheersLeftToday: 4 });
    // Another partner of the same user has his own count.
    const premiumPartner = await t.createUser();
    const second = await invited(premiumPartner);
    await accept(second.token);
    expect((await cheer(second.token, "Mine")).status).toBe(201);
  });

  it("shows a milestone's proof, and its photo only through a live, confirmed link (issue 26)", async () => {
    const { user, accepted } = await marcusWithPlan();
    const milestoneId = accepted.milestones[0]!.id;
    const photo = await sharp({ create: { width: 320, height: 240, channels: 3, background: "#4ade80" } })
      .jpeg()
      .toBuffer();
    const uploaded = await user.api.milestones[":id"].proof.$post({
      param: { id: milestoneId },
      form: { file: new File([photo], "finish.jpg") },
    });
    expect(uploaded.status).toBe(201);
    const { proof } = await uploaded.json();
    const { token } = await invited(user, "Sam");
    const photoUrl = `/api/partner-view/${token}/proofs/${proof.id}/photo`;
    // Not before he confirms.
    expect((await t.request(photoUrl)).status).toBe(404);
    await accept(token);

    const seen = (await view(token)).body as { plan: { challenges: { milestones: { proof: unknown }[] }[] } };
    expect(seen.plan.challenges[0]?.milestones[0]?.proof).toEqual({
      id: proof.id,
      kind: "photo",
      photo: { width: 320, height: 240, url: photoUrl },
      createdAt: proof.createdAt,
    });
    const served = await t.request(photoUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/webp");
    expect(served.headers.get("cache-control")).toBe("no-store");

    // Another link, a made-up id, or his link once removed: nothing.
    const stranger = await marcusWithPlan();
    const other = await invited(stranger.user, "Jo");
    await accept(other.token);
    expect((await t.request(`/api/partner-view/${other.token}/proofs/${proof.id}/photo`)).status).toBe(404);
    expect((await t.request(`/api/partner-view/${token}/proofs/not-a-uuid/photo`)).status).toBe(404);
    const [row] = await t.db.select().from(partners).where(eq(partners.userId, user.id));
    await t.request(`/api/partner/${row!.id}`, { method: "DELETE", cookie: user.cookie });
    expect((await t.request(photoUrl)).status).toBe(404);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});

describe("the partner's page, per-IP cheer limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    useFixedClock(NOW);
    t = await createTestApp({ RATE_LIMIT_PARTNER_CHEER_PER_IP: "2", TRUST_PROXY: "true" });
  });
  afterAll(async () => {
    await t.close();
    vi.useRealTimers();
  });

  it("counts cheers per IP besides each partner's own limit, and answers 429 with Retry-After", async () => {
    const user = await t.createUser();
    const email = uniqueEmail("ip");
    await t.request("/api/partner/invitations", { cookie: user.cookie, body: { firstName: "Sam", email } });
    const mail = await t.smtp.waitFor(email);
    const token = new URL(mail.links.find((l) => l.includes("/partner/view/"))!).pathname.split("/").at(-1)!;
    await t.request(`/api/partner-view/${token}/accept`, { body: {} });
    const headers = { "x-forwarded-for": "203.0.113.7" };
    const statuses = [];
    let last: Response | undefined;
    for (let i = 0; i < 3; i++) {
      last = await t.request(`/api/partner-view/${token}/cheers`, { body: { text: `Hi ${i}` }, headers });
      statuses.push(last.status);
    }
    expect(statuses).toEqual([201, 201, 429]);
    expect(Number(last!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await last!.json()) as { error: string }).error).toMatch(/^Too many attempts/);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
