import { expect, type Page } from "@playwright/test";
import { E2E } from "../support/e2e-ports.ts";
import { MARCUS } from "../support/personas.ts";
import { build, gotoHydrated } from "./fixtures.ts";

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

/** The address of the man this page is signed in as: the builders name him by it. */
async function signedInEmail(page: Page): Promise<string> {
  const me = await (await page.request.get("/api/me")).json();
  if (!me.user) throw new Error("no one is signed in on this page");
  return me.user.email;
}

/** Onboarding done by a builder (the screens have their own tests): challenge accepted and run validated. */
export async function validateRun(page: Page) {
  await build("validatedRun", { email: await signedInEmail(page) });
}

/** An analyzed plan, made by a builder with the server's own AI; returns the quiz response id. */
export async function analyzedPlan(page: Page, answers = MARCUS) {
  const email = await signedInEmail(page);
  await build("validatedRun", { email });
  return (await build("analyzedPlan", { email, answers })).responseId;
}

/**
 * Five retakes' worth of tokens spent, as five retakes spend them: the state "0 tokens" without five more plans
 * (decision 0174).
 */
export async function spendAllTokens(page: Page) {
  await build("spentTokens", { email: await signedInEmail(page) });
}

type PlanChallenge = { id: string; title: string; milestones: { id: string; milestoneType: string }[] };

export async function planChallenges(page: Page, responseId: string): Promise<PlanChallenge[]> {
  const response = await page.request.get(`/api/quiz/responses/${responseId}`);
  return (await response.json()).challenges;
}

/** An analyzed plan with its first challenge accepted, made by a builder; returns that challenge. */
export async function acceptedPlan(page: Page) {
  const email = await signedInEmail(page);
  await build("validatedRun", { email });
  const { responseId, challenge } = await build("acceptedPlan", { email });
  return { responseId, challenge };
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
  await build("milestoneDeadline", { email: await signedInEmail(page), milestoneId: first.id, deadline: due });
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
