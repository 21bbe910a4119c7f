import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { itAnswersOnlyDocumentedStatuses } from "#tests/support/answered-statuses.ts";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";

describe("GET /api/workflow", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("is empty for a new user", async () => {
    const user = await t.createUser({ firstName: "Sam" });
    expect(await (await user.api.workflow.$get()).json()).toEqual({
      quizResponseId: null,
      missionStatement: null,
      challenges: [],
    });
  });

  it("shows the accepted challenges of the current plan", async () => {
    const { user, plan, quizResponseId } = await t.userWithPlan({ firstName: "Marcus" });
    const [accepted] = plan.challenges;
    await user.api.challenges[":id"].$patch({ param: { id: accepted!.id }, json: { challengeAccepted: true } });

    const workflow = await (await user.api.workflow.$get()).json();
    expect(workflow.quizResponseId).toBe(quizResponseId);
    expect(workflow.missionStatement).toEqual(expect.any(String));
    expect(workflow.challenges.map((c) => c.id)).toEqual([accepted!.id]);
  });

  it("never shows another user's plan", async () => {
    await t.userWithPlan();
    const stranger = await t.createUser();
    expect((await (await stranger.api.workflow.$get()).json()).challenges).toEqual([]);
  });

  itAnswersOnlyDocumentedStatuses(() => t);
});
