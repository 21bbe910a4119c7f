import { expect, type Page, test } from "@playwright/test";
import { type FakeAiServer, paceForPlan, startFakeAiServer, validOutputs } from "../support/fake-ai-server.ts";
import { answersFor, MARCUS } from "../support/personas.ts";
import { build, signInBuilt } from "./fixtures.ts";
import { startOwnServer } from "./own-server.ts";
import { axeViolations } from "./public-helpers.ts";
import { recordScreenStates, valuesOf } from "./screen-states.ts";

// A real model's plan takes 20–60 s (issue 28). Here a second server, started as the e2e server is (the built app,
// as `npm start` runs it), writes with AI_PROVIDER=openai-compatible against a fake model that streams a whole plan
// in 20 s. The mission shows first, and the challenges arrive one by one while the rest is written.

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

/**
 * A confirmed account on this server, signed in on `page` and onboarded up to the quiz, made by its builders (decision
 * 0174; those screens have their own tests); his requests go through the page's own API client.
 */
async function onboardedUser(page: Page) {
  const headers = { origin: base };
  const request = page.request;
  const account = await build("account", {}, mailApi);
  await signInBuilt(page.context(), account.email, { baseUrl: base, mailApi });
  await build("validatedRun", { email: account.email }, mailApi);
  const send = (method: "post" | "patch") => async (path: string, data: unknown) => {
    const response = await request[method](`${base}${path}`, { headers, data });
    expect(response.ok(), `${path}: ${response.status()}`).toBe(true);
    return response.json();
  };
  return { post: send("post"), patch: send("patch") };
}

async function hydrated(page: Page, url: string) {
  await page.goto(url);
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

test("a 20-second model plan shows its mission while the rest is written, then each challenge as it is written", async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const { post } = await onboardedUser(page);
  const { id } = await post("/api/quiz/responses", { answers: answersFor(MARCUS) });
  // The page records each state it shows: a busy runner polling from outside can miss a card that is alone for 4 s.
  const screen = await recordScreenStates(page, {
    mission: '[data-testid="preview-mission"]',
    challenges: '[data-testid="preview-challenge"]',
    progress: '[data-testid="progress-line"]',
  });
  // He is on the processing screen when the run starts (as after submitting the quiz), so a slow page load on a busy
  // machine cannot hide the order in which the plan arrives.
  await hydrated(page, `${base}/quiz/ProcessingScreen?responseId=${id}`);
  const started = Date.now();
  await post(`/api/quiz/responses/${id}/generate`, {});

  // The mission shows as soon as it is written (~3 s into a 20 s plan; the time is printed below, not asserted: a busy
  // machine is not the app's latency). What is asserted: it shows while the rest of the plan is still being written.
  const mission = page.getByTestId("preview-mission");
  await expect(mission).toContainText(validOutputs.mission.life_mission, { timeout: PLAN_MS });
  await expect(page.getByRole("button", { name: "PREPARING YOUR RESULTS..." })).toBeDisabled();
  expect(await axeViolations(page), "the processing screen with the plan so far").toEqual([]);

  const show = page.getByRole("button", { name: "SHOW RESULT" });
  await expect(show).toBeEnabled({ timeout: PLAN_MS * 2 });
  const planMs = Date.now() - started;
  const states = await screen.states();

  const missionAt = valuesOf(states, "mission")[0]!.at;
  const titles = validOutputs.challenges.challenges.map((c) => c.title);
  const cards = valuesOf(states, "challenges");
  // More cards at each step, each arriving whole, the ones before it staying exactly as they were. Usually one at a
  // time ([1, 2, 3]); on a busy machine one poll can bring two (a CI run saw [2, 3]), but never all three at once.
  const counts = cards.map((state) => state.texts.length);
  expect(counts.at(-1)).toBe(3);
  expect(counts[0]).toBeLessThan(3);
  expect(counts).toEqual([...new Set(counts)].sort((a, b) => a - b));
  for (const [step, state] of cards.entries()) {
    for (const [n, text] of state.texts.entries()) {
      expect(text, `card ${n + 1} at step ${step + 1}`).toMatch(cardOf(titles[n]!));
    }
  }
  expect(missionAt).toBeLessThan(cards[0]!.at);
  // As they are written, not all at once at the end.
  expect(cards[0]!.at).toBeLessThan(cards.at(-1)!.at - 1_000);
  // The line under the spinner follows the plan: the mission written while the first challenge is, then all of it.
  const progress = valuesOf(states, "progress").map((state) => state.texts[0]);
  expect(progress).toContain("Your life mission is written. Writing challenge 1 of 3…");
  expect(progress.at(-1)).toBe("Your life mission, three challenges and their milestones are waiting.");

  const seen = cards.map((state) => Math.round(state.at - started));
  info.annotations.push({
    type: "timing",
    description: `fake model ${PLAN_MS} ms per plan: mission on screen at ${Math.round(missionAt - started)} ms, challenges at ${seen.join(
      " / ",
    )} ms, whole plan at ${planMs} ms`,
  });
  console.log(info.annotations.at(-1)?.description);

  await show.click();
  await expect(page.getByRole("heading", { name: "This is your path." })).toBeVisible();
  await expect(page.getByText(validOutputs.mission.life_mission)).toBeVisible();
});

function cardOf(title: string) {
  return new RegExp(`^Challenge \\d${title.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);
}

test("a model cut off mid-plan ends in the error state, and Try Again leads back to the quiz", async ({ page }) => {
  test.setTimeout(120_000);
  fake.respond((request) => ({
    content: JSON.stringify(validOutputs[request.step as "mission"]),
    // The connection drops in the middle of the challenges.
    ...(request.step === "challenges" ? { cutAfter: 1_200 } : {}),
  }));
  try {
    const { post } = await onboardedUser(page);
    const { id } = await post("/api/quiz/responses", { answers: answersFor(MARCUS) });
    await hydrated(page, `${base}/quiz/ProcessingScreen?responseId=${id}`);
    await post(`/api/quiz/responses/${id}/generate`, {});
    await expect(page.getByTestId("preview-mission")).toBeVisible({ timeout: PLAN_MS });
    await expect(page.getByRole("heading", { name: "Something went wrong" })).toBeVisible({ timeout: PLAN_MS });
    await expect(page.getByText("There was a problem generating your results. Please try again.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Try Again" })).toHaveAttribute("href", "/quiz");
  } finally {
    fake.reset();
  }
});

test("todos appear one by one on the dashboard while the model writes them", async ({ page }) => {
  test.setTimeout(120_000);
  const { post, patch } = await onboardedUser(page);
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
    const screen = await recordScreenStates(page, {
      todos: '[data-testid="todos-preview"] li',
      status: '[data-testid="todos-preview"] [role="status"]',
    });
    await hydrated(page, `${base}/dashboard`);
    await page
      .getByRole("button", { name: /Generate todos/ })
      .first()
      .click();
    const todos = validOutputs.todos.todos;
    // Then the milestone's own todos, to tick off, and the preview gone.
    await expect(page.getByRole("checkbox", { name: todos[2]! })).toBeVisible({ timeout: PLAN_MS });
    await expect(page.getByTestId("todos-preview")).toHaveCount(0);

    const states = await screen.states();
    // One todo, then two: each shown whole as soon as it is written, the first staying as it was.
    const shown = valuesOf(states, "todos").map((state) => state.texts);
    expect(shown.slice(0, 2)).toEqual([todos.slice(0, 1), todos.slice(0, 2)]);
    for (const texts of shown) expect(texts).toEqual(todos.slice(0, texts.length));
    const status = valuesOf(states, "status").map((state) => state.texts[0]);
    expect(status).toContain("Writing your todos: 1 so far...");
    expect(status).toContain("Writing your todos: 2 so far...");
  } finally {
    fake.reset();
  }
});
