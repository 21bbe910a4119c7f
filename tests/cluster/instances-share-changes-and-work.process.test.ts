import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Cluster, proxyTestsCanRun, startCluster } from "#tests/support/cluster.ts";
import { startFakeAiServer, validOutputs } from "#tests/support/fake-ai-server.ts";
import { answersFor, MARCUS } from "#tests/support/personas.ts";
import { until } from "#tests/support/server-process.ts";

/**
 * Issue 36, done when: signed out on one instance, the other refuses the cookie within 1 s; a plan whose instance is
 * stopped (or dies) mid-way is finished and readable through the other within 30 s, never "failed". Two bundled
 * instances on one PostgreSQL behind HAProxy; the model is a fake provider whose first challenge step never ends, as
 * a model still writing when its instance goes away.
 */
describe.runIf(proxyTestsCanRun())("two instances share sign-outs and plan runs (issue 36)", () => {
  let cluster: Cluster;
  let fake: Awaited<ReturnType<typeof startFakeAiServer>>;
  let stallNextChallenges = false;

  beforeAll(async () => {
    fake = await startFakeAiServer({ chunkMs: 5, chunkChars: 40 });
    fake.respond((request) => {
      const content = JSON.stringify(validOutputs[request.step as keyof typeof validOutputs] ?? {});
      if (request.step === "challenges" && stallNextChallenges) {
        stallNextChallenges = false;
        return { content, stallAfter: 40 };
      }
      return { content };
    });
    cluster = await startCluster({
      env: { AI_PROVIDER: "openai-compatible", AI_BASE_URL: fake.baseURL, AI_MODEL: "fake-model", AI_API_KEY: "k" },
    });
  });
  afterAll(async () => {
    await cluster?.close();
    await fake?.close();
  });

  it("refuses a cookie on B within a second of signing out through A, though B had just read the session", async () => {
    const [a, b] = [cluster.direct(0), cluster.direct(1)];
    const cookie = await a.signedIn("127.0.0.71");
    const me = async () => (await b.send("/api/me", { headers: { cookie } })).json().user as { id: string } | null;
    expect(await me()).not.toBeNull();
    expect((await a.postJson("/api/auth/sign-out", {}, { headers: { cookie } })).status).toBe(200);
    const signedOut = Date.now();
    await until(
      async () => (await me()) === null,
      1_000,
      () => "B still accepted the cookie 1 s after the sign-out",
    );
    console.info(`sign-out reached the other instance in ${Date.now() - signedOut} ms`);
  });

  /** His plan, started through instance i, stuck in the challenge step with the mission stored. */
  async function planStuckOn(i: number, from: string) {
    const cookie = await cluster.direct(i).signedIn(from);
    const api = cluster.api(cookie, i);
    const { id } = (await (await api.quiz.responses.$post({ json: { answers: answersFor(MARCUS) } })).json()) as {
      id: string;
    };
    stallNextChallenges = true;
    await api.quiz.responses[":id"].generate.$post({ param: { id } });
    await until(
      async () =>
        (await cluster.query("select generation_stage from quiz_responses where id = $1", [id])).rows[0]
          ?.generation_stage === "mission",
      30_000,
      () => "the mission was never stored",
    );
    // The stall is taken by this instance's own challenge request, not left for the one that takes the run over.
    await until(
      () => !stallNextChallenges,
      30_000,
      () => "the challenge step was never asked of the model",
    );
    return { id, cookie, missionsAsked: fake.requests.filter((r) => r.step === "mission").length };
  }

  /** Polls through instance `other` as the processing screen does; every state seen must be running or done. */
  async function finishedThrough(other: number, id: string, cookie: string, withinMs: number) {
    const api = cluster.api(cookie, other);
    const seen = new Set<string>();
    await until(
      async () => {
        const state = await (await api.quiz.responses[":id"].generation.$get({ param: { id } })).json();
        seen.add(state.status);
        return state.status === "done";
      },
      withinMs,
      () => `not finished through the other instance within ${withinMs} ms; seen: ${[...seen].join(", ")}`,
    );
    expect([...seen].filter((s) => s !== "running" && s !== "done")).toEqual([]);
    const plan = await (await api.quiz.responses[":id"].$get({ param: { id } })).json();
    expect((plan as { challenges: unknown[] }).challenges).toHaveLength(3);
  }

  it("finishes through B a plan whose instance A was stopped mid-way (SIGTERM), without asking for the mission again", async () => {
    const { id, cookie, missionsAsked } = await planStuckOn(0, "127.0.0.72");
    const stopped = Date.now();
    const exited = cluster.stop(0);
    await finishedThrough(1, id, cookie, 30_000);
    console.info(`plan finished through B ${Date.now() - stopped} ms after A was told to stop`);
    expect(fake.requests.filter((r) => r.step === "mission")).toHaveLength(missionsAsked);
    expect(await exited).toBe(0);
    await cluster.start(0);
    await cluster.waitHealthy(0);
  });

  it("finishes through A a plan whose instance B died mid-way (SIGKILL), within 30 s", async () => {
    const { id, cookie } = await planStuckOn(1, "127.0.0.73");
    const killed = Date.now();
    await cluster.kill(1);
    await finishedThrough(0, id, cookie, 30_000);
    console.info(`plan finished through A ${Date.now() - killed} ms after B died`);
    await cluster.start(1);
  });
});
