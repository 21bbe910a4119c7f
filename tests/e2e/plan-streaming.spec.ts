import { type APIRequestContext, expect, type Page, test } from "@playwright/test";
import { type FakeAiServer, paceForPlan, startFakeAiServer, validOutputs } from "../support/fake-ai-server.ts";
import { answersFor, MARCUS, newAccount, signUpBody } from "../support/personas.ts";
import type { CapturedMail } from "../support/smtp-sink.ts";
import { startOwnServer } from "./own-server.ts";
import { axeViolations } from "./public-helpers.ts";

// A real model's plan takes 20–60 s (issue 28). Here a second server, started as the e2e server is (the built app,
// as `npm start` runs it), writes with AI_PROVIDER=openai-compatible against a fake model that streams a whole plan
// in 20 s. The mission must be on screen within 5 s, and the challenges arrive one by one while the rest is written.

const PLAN_MS = 20_000;

// One server per worker: the tests of this file share it, one after the other.
test.describe.configure({ mode: "serial" });
// axe is injected as an inline script, which the app's CSP rightly refuses.
test.use({ bypassCSP: true });

let fake: FakeAiServer;
let stopServer: () => void = () => {};
let base: string;
let mailApi: string;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  fake = await startFakeAiServer(paceForPlan(PLAN_MS));
  // AI settings are not baked into the build: this server serves the shared one's.
  const own = await startOwnServer({
    offset: 20,
    parallelIndex: test.info().parallelIndex,
    sharedBuild: true,
    env: { AI_PROVIDER: "openai-compatible", AI_BASE_URL: fake.baseURL, AI_MODEL: "fake-20s" },
  });
  base = own.url;
  mailApi = own.mailApi;
  stopServer = own.stop;
});

test.afterAll(async () => {
  stopServer();
  await fake?.close();
});

/** A confirmed, signed-in account on this server, onboarded up to the quiz, through its public API. */
async function onboardedUser(request: APIRequestContext) {
  const headers = { origin: base };
  const account = newAccount();
  expect((await request.post(`${base}/api/auth/sign-up/email`, { headers, data: signUpBody(account) })).ok()).toBe(
    true,
  );
  let link: string | undefined;
  await expect
    .poll(async () => {
      const mails = (await (
        await fetch(`${mailApi}/?to=${encodeURIComponent(account.email)}`)
      ).json()) as CapturedMail[];
      link = mails.at(-1)?.links.find((l) => l.includes("/api/auth/verify-email"));
      return Boolean(link);
    })
    .toBe(true);
  expect((await request.get(link!, { maxRedirects: 0 })).status()).toBeLessThan(400);
  const signIn = await request.post(`${base}/api/auth/sign-in/email`, {
    headers,
    data: { email: account.email, password: account.password },
  });
  expect(signIn.ok()).toBe(true);
  const send = (method: "post" | "patch") => async (path: string, data: unknown) => {
    const response = await request[method](`${base}${path}`, { headers, data });
    expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
    return response.json();
  };
  const post = send("post");
  await post("/api/onboarding/challenge", { maxDurationMinutes: 40 });
  await post("/api/onboarding/run-validation", { previousMaxDuration: 40, todayDuration: 65, notes: "Kept moving." });
  return { post, patch: send("patch") };
}

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("a 20-second model plan shows its mission within 5 s, then each challenge as it is written", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const { post } = await onboardedUser(page.request);
  const { id } = await post("/api/quiz/responses", { answers: answersFor(MARCUS) });
  // He submits the quiz: the run starts, and the processing screen opens.
  const started = Date.now();
  await post(`/api/quiz/responses/${id}/generate`, {});
  await hydrated(page, `${base}/quiz/ProcessingScreen?responseId=${id}`);

  const mission = page.getByTestId("preview-mission");
  await expect(mission).toContainText(validOutputs.mission.life_mission, { timeout: 5_000 });
  const missionMs = Date.now() - started;
  // The rest of the plan was still being written.
  await expect(page.getByRole("button", { name: "PREPARING YOUR RESULTS..." })).toBeDisabled();
  await expect(page.getByTestId("progress-line")).toContainText("Your life mission is written.");
  expect(await axeViolations(page), "the processing screen with the plan so far").toEqual([]);

  const cards = page.getByTestId("preview-challenge");
  const titles = validOutputs.challenges.challenges.map((c) => c.title);
  const seen: number[] = [];
  for (let n = 1; n <= titles.length; n++) {
    await expect(cards).toHaveCount(n, { timeout: PLAN_MS });
    seen.push(Date.now() - started);
    // Each card arrives whole, and the ones before it stay exactly as they were.
    await expect(cards).toHaveText(titles.slice(0, n).map((title) => new RegExp(`^Challenge \\d${title}`)));
  }
  // One by one, not all at once at the end.
  expect(seen[0]!).toBeLessThan(seen[2]! - 1_000);

  const show = page.getByRole("button", { name: "SHOW RESULT" });
  await expect(show).toBeEnabled({ timeout: PLAN_MS });
  const planMs = Date.now() - started;
  info.annotations.push({
    type: "timing",
    description: `fake model ${PLAN_MS} ms per plan: mission on screen at ${missionMs} ms, challenges at ${seen.join(
      " / ",
    )} ms, whole plan at ${planMs} ms`,
  });
  console.log(info.annotations.at(-1)?.description);

  await show.click();
  await expect(page.getByRole("heading", { name: "This is your path." })).toBeVisible();
  await expect(page.getByText(validOutputs.mission.life_mission)).toBeVisible();
});

test("a model cut off mid-plan ends in the error state, and Try Again leads back to the quiz", async ({ page }) => {
  test.setTimeout(120_000);
  fake.respond((request) => ({
    content: JSON.stringify(validOutputs[request.step as "mission"]),
    // The connection drops in the middle of the challenges.
    ...(request.step === "challenges" ? { cutAfter: 1_200 } : {}),
  }));
  try {
    const { post } = await onboardedUser(page.request);
    const { id } = await post("/api/quiz/responses", { answers: answersFor(MARCUS) });
    await hydrated(page, `${base}/quiz/ProcessingScreen?responseId=${id}`);
    await post(`/api/quiz/responses/${id}/generate`, {});
    await expect(page.getByTestId("preview-mission")).toBeVisible({ timeout: 5_000 });
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible({ timeout: PLAN_MS });
    await expect(page.getByText("There was a problem generating your results. Please try again.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/quiz");
  } finally {
    fake.reset();
  }
});

test("todos appear one by one on the dashboard while the model writes them", async ({ page }) => {
  test.setTimeout(120_000);
  const { post, patch } = await onboardedUser(page.request);
  try {
    fake.pace({ chunkMs: 0 });
    const { id } = await post("/api/quiz/responses", { answers: answersFor(MARCUS) });
    await post(`/api/quiz/responses/${id}/generate`, {});
    await expect
      .poll(async () => (await (await page.request.get(`${base}/api/quiz/responses/${id}/generation`)).json()).status)
      .toBe("done");
    const plan = await (await page.request.get(`${base}/api/quiz/responses/${id}`)).json();
    const challenge = plan.challenges[0];
    await patch(`/api/challenges/${challenge.id}`, { challengeAccepted: true });
    await patch("/api/milestones", {
      milestones: challenge.milestones.map((m: { id: string }) => ({ id: m.id, milestoneDeadline: "2031-03-01" })),
    });

    // About six seconds for the three todos, each written over about two.
    fake.pace({ chunkMs: 250, chunkChars: 3 });
    await hydrated(page, `${base}/dashboard`);
    await page
      .getByRole("button", { name: /Generate todos/ })
      .first()
      .click();
    const writing = page.getByTestId("todos-preview");
    const [first, second, third] = validOutputs.todos.todos;
    await expect(writing.getByRole("listitem")).toHaveText([first!]);
    await expect(writing.getByRole("status")).toHaveText(/^Writing your todos: [12] so far\.\.\.$/);
    await expect(writing.getByRole("listitem")).toHaveText([first!, second!]);
    // Then the milestone's own todos, to tick off.
    await expect(page.getByRole("checkbox", { name: third! })).toBeVisible();
    await expect(writing).toHaveCount(0);
  } finally {
    fake.reset();
  }
});
