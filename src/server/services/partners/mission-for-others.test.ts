import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { quizResponses } from "#server/db/schema.ts";
import { uniqueEmail } from "#tests/support/personas.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";

/**
 * Issue 35 row 3: his partner read "Marcus's life mission: … make real time for your kids" as his own. Whoever else
 * reads the mission (the partner's page, the invitation e-mail) reads it in the third person.
 */
const SECOND_PERSON = /\b(you|your|yours|yourself)\b/i;

describe("issue 35 row 3: his life mission as his partner reads it", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  async function partnerOf(user: TestUser) {
    const email = uniqueEmail("partner");
    const since = t.smtp.mails.length;
    const invited = await t.request("/api/partner/invitations", {
      cookie: user.cookie,
      body: { firstName: "Sam", email },
    });
    expect(invited.status).toBe(201);
    const mail = await t.smtp.waitFor(email, { since });
    const token = new URL(mail.links.find((l) => l.includes("/partner/view/")) ?? "").pathname.split("/").at(-1);
    await t.request(`/api/partner-view/${token}/accept`, { method: "POST", body: {} });
    const page = (await (await t.request(`/api/partner-view/${token}`)).json()) as { plan: { lifeMission: string } };
    // The sink decodes quoted-printable bytes one by one; the e-mail itself is UTF-8.
    return { mail: Buffer.from(mail.text, "latin1").toString("utf8"), mission: page.plan.lifeMission };
  }

  it("issue 35 row 3: the plan stores the third-person text once, and the page and the invitation show it", async () => {
    const { user, plan, quizResponseId } = await t.userWithPlan({ firstName: "Marcus" });
    await user.api.challenges[":id"].$patch({
      param: { id: plan.challenges[0]!.id },
      json: { challengeAccepted: true },
    });
    // His own screens keep speaking to him.
    expect(plan.lifeMission).toMatch(/\byour kids\b/);
    const [row] = await t.db.select().from(quizResponses).where(eq(quizResponses.id, quizResponseId));
    expect(row?.lifeMissionForOthers).toMatch(/\bhis kids\b/);
    expect(row?.lifeMissionForOthers).not.toMatch(SECOND_PERSON);

    const { mail, mission } = await partnerOf(user);
    expect(mission).toBe(row?.lifeMissionForOthers);
    expect(mail).toContain(`Life mission: “${row?.lifeMissionForOthers}”`);
    expect(mail).not.toContain(plan.lifeMission);
  });

  it("issue 35 row 3: a plan stored before the third-person text existed is read to the partner with its person swapped", async () => {
    const { user, plan, quizResponseId } = await t.userWithPlan({ firstName: "Jonas" });
    await user.api.challenges[":id"].$patch({
      param: { id: plan.challenges[0]!.id },
      json: { challengeAccepted: true },
    });
    await t.db
      .update(quizResponses)
      .set({
        lifeMission:
          "Use the hours you win back to build furniture and sell it — and make real time for your girlfriend while you do it.",
        lifeMissionForOthers: null,
      })
      .where(eq(quizResponses.id, quizResponseId));

    const { mail, mission } = await partnerOf(user);
    expect(mission).toBe(
      "To use the hours he wins back to build furniture and sell it — and make real time for his girlfriend while he does it.",
    );
    expect(mail).toContain(`Life mission: “${mission}”`);
  });
});
