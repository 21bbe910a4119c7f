import { Agent } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Cluster,
  type LoadRequest,
  proxyTestsCanRun,
  startCluster,
  steadyLoad,
  userWithPlan,
} from "#tests/support/cluster.ts";

/**
 * Issue 36: two instances of the server `npm start` runs, on one PostgreSQL behind HAProxy with deploy/haproxy.cfg.
 * A rolling restart (stop one, wait for it to exit, start it on its port, wait until the proxy sends it requests
 * again, then the other) under a steady load of real requests through the proxy loses none: every answer is the
 * expected one. Twice: stopped with SIGTERM, the instance drains (its health check fails at once, the proxy takes it
 * out within a second, then its port closes and it finishes what it has: server.ts); killed with SIGKILL, the proxy
 * alone sends what found no instance or no answer to the other one (retry-on, redispatch). Every instance reads the
 * same sessions from PostgreSQL.
 */
const RATE = 40;

describe.runIf(proxyTestsCanRun())("a rolling restart of two instances behind HAProxy (issue 36)", () => {
  let cluster: Cluster;
  let mix: LoadRequest[];

  beforeAll(async () => {
    cluster = await startCluster();
    // Three people signed in, each from an address of his own (the proxy forwards it; TRUST_PROXY=true reads it).
    const users = await Promise.all(
      ["127.0.0.11", "127.0.0.12", "127.0.0.13"].map((from) => userWithPlan(cluster, from)),
    );
    mix = [
      ...users.map((u, i) => ({ label: `dashboard ${i + 1}`, path: "/api/dashboard", cookie: u.cookie, expect: 200 })),
      { label: "me", path: "/api/me", cookie: users[0]?.cookie, expect: 200 },
      { label: "public page", path: "/", expect: 200 },
    ];
  });
  afterAll(() => cluster?.close());

  /** Restarts each instance in turn under the load, stopping it with `stop`; prints and answers the load's report. */
  async function restartEachUnderLoad(what: string, stop: (i: number) => Promise<number | null>) {
    const agent = new Agent({ keepAlive: true, maxSockets: 16 });
    const load = steadyLoad(cluster.client.send, mix, RATE, { agent });
    const steps: string[] = [];
    const startedAt = Date.now();
    const mark = (step: string) => steps.push(`${((Date.now() - startedAt) / 1000).toFixed(1)} s ${step}`);
    await new Promise((r) => setTimeout(r, 2_000));
    for (const i of [0, 1]) {
      mark(`${what} app${i + 1}`);
      const code = await stop(i);
      mark(`app${i + 1} exited (${code})`);
      await cluster.start(i);
      mark(`app${i + 1} answers its health check`);
      await cluster.waitHealthy(i);
      mark(`the proxy sends app${i + 1} requests again`);
    }
    await new Promise((r) => setTimeout(r, 2_000));
    const report = await load.stop();
    agent.destroy();
    const answered = Object.values(report.ok).reduce((sum, n) => sum + n, 0);
    console.log(
      `rolling restart (${what}): ${report.sent} requests at ${RATE}/s over ${((Date.now() - startedAt) / 1000).toFixed(1)} s, ` +
        `${answered} answered as expected, ${report.failures.length} not; by label ${JSON.stringify(report.ok)}; ` +
        `by instance ${JSON.stringify(report.byInstance)}\n  ${steps.join("\n  ")}`,
    );
    expect(report.failures).toEqual([]);
    expect(answered).toBe(report.sent);
    expect(report.sent).toBeGreaterThan(RATE * 5);
    // Both served: the proxy balanced the load and took each one back.
    expect(report.byInstance.app1).toBeGreaterThan(0);
    expect(report.byInstance.app2).toBeGreaterThan(0);
  }

  it("loses no request while each instance in turn is stopped with SIGTERM (draining) and started again", async () => {
    await restartEachUnderLoad("SIGTERM", async (i) => {
      const code = await cluster.stop(i);
      expect(code).toBe(0);
      return code;
    });
  });

  it("loses no request while each instance in turn is killed (SIGKILL: no draining) and started again", async () => {
    // What the proxy alone must absorb: requests in flight on the killed instance, and new ones sent to it until its
    // next health check fails, are sent again to the other (retry-on, redispatch).
    await restartEachUnderLoad("SIGKILL", (i) => cluster.kill(i, "SIGKILL"));
  });
});
