import { expect, type Page } from "@playwright/test";
import { E2E } from "../support/e2e-ports.ts";
import { answersFor, MARCUS } from "../support/personas.ts";
import { acceptedMinutesAgo, gotoHydrated } from "./fixtures.ts";

const headers = { origin: E2E.baseUrl };

export async function apiPost(page: Page, path: string, data: unknown) {
  const response = await page.request.post(path, { headers, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

export async function apiPatch(page: Page, path: string, data: unknown) {
  const response = await page.request.patch(path, { headers, data });
  expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  return response.json();
}

/** Onboarding done through the API (the screens have their own tests): challenge accepted and run validated. */
export async function validateRun(page: Page) {
  await apiPost(page, "/api/onboarding/challenge", { maxDurationMinutes: 40 });
  const me = await (await page.request.get("/api/me")).json();
  await acceptedMinutesAgo(me.user.email, 90);
  await apiPost(page, "/api/onboarding/run-validation", {
    previousMaxDuration: 40,
    todayDuration: 65,
    notes: "Hardest hour of my year, but I kept moving.",
  });
}

/** An analyzed plan through the API; returns the quiz response id. */
export async function analyzedPlan(page: Page, answers = MARCUS) {
  await validateRun(page);
  return submitAndGenerate(page, answers);
}

/** Submits answers (a retake when `responseId` names an analyzed response) and waits for the plan. */
export async function submitAndGenerate(page: Page, answers: readonly string[] = MARCUS, responseId?: string) {
  const { id } = await apiPost(page, "/api/quiz/responses", {
    answers: answersFor(answers),
    ...(responseId ? { responseId } : {}),
  });
  await apiPost(page, `/api/quiz/responses/${id}/generate`, {});
  await expect
    .poll(async () => (await (await page.request.get(`/api/quiz/responses/${id}/generation`)).json()).status, {
      timeout: 15_000,
    })
    .toBe("done");
  return id as string;
}

type PlanChallenge = { id: string; title: string; milestones: { id: string; milestoneType: string }[] };

export async function planChallenges(page: Page, responseId: string): Promise<PlanChallenge[]> {
  const response = await page.request.get(`/api/quiz/responses/${responseId}`);
  return (await response.json()).challenges;
}

/** An analyzed plan with its first challenge accepted; returns that challenge. */
export async function acceptedPlan(page: Page) {
  const responseId = await analyzedPlan(page);
  const [first] = await planChallenges(page, responseId);
  if (!first) throw new Error("plan without challenges");
  await apiPatch(page, `/api/challenges/${first.id}`, { challengeAccepted: true });
  return { responseId, challenge: first };
}

/**
 * An accepted plan whose first milestone is due in ten days, on the dashboard with that milestone's "Add proof"
 * opened; returns the milestone and its challenge.
 */
export async function milestoneReadyForProof(page: Page) {
  const { challenge } = await acceptedPlan(page);
  const first = challenge.milestones[0];
  if (!first) throw new Error("a challenge without milestones");
  const due = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await apiPatch(page, `/api/milestones/${first.id}`, { milestoneDeadline: due });
  await gotoHydrated(page, "/dashboard");
  const milestone = page.getByTestId("milestone").first();
  await milestone.getByRole("button", { name: "Add proof" }).click();
  return { milestone, challenge };
}

/** Fails when the page is wider than the viewport (the mobile layout must never scroll sideways). */
export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "page scrolls sideways").toBeLessThanOrEqual(0);
}
