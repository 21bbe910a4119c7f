import type { AddressInfo } from "node:net";
import { Worker } from "node:worker_threads";
import { createApp } from "#server/app.ts";
import { buildDeps, prepareDatabase } from "#server/bootstrap.ts";
import { openDatabase } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { createHttpServer, listen } from "#server/http/node-server.ts";
import type { MailMessage } from "#server/services/mail/mailer.ts";
import { newAccount, signUpBody, uniqueEmail } from "../support/personas.ts";
import { TEST_ORIGIN } from "../support/test-app.ts";
import { stats } from "./stats.ts";

/**
 * Can an outsider tell a registered address from a new one by how fast sign-up (issue 12, row 5) or a password reset
 * request (issue 24 #4) answers? `node --import tsx tests/bench/signup-timing.ts` sends each, over loopback HTTP,
 * PAIRS times for a registered (confirmed) address and a new one, in random order within each pair, and prints both
 * medians and the share of pairs in which the registered address was answered faster. 50 % is indistinguishable; the
 * issues ask for at most 60 %. BENCH_DATABASE_URL runs it on PostgreSQL.
 */
const pairs = Number(process.env.PAIRS ?? 60);
const mails: MailMessage[] = [];
const env = parseEnv({ NODE_ENV: "test", APP_URL: TEST_ORIGIN, LOG_LEVEL: "silent" });
const url = process.env.BENCH_DATABASE_URL;
const database = url ? await openDatabase({ kind: "postgres", url }) : await openDatabase({ kind: "pglite" });
const deps = await buildDeps(env, { database, mailer: { send: async (m) => void mails.push(m) } });
await prepareDatabase(deps);
const app = createApp(deps);
const server = await listen(createHttpServer(app.fetch), 0, "127.0.0.1");
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

function post(path: string, body: unknown) {
  return fetch(`${base}${path}`, {
    method: "POST",
    headers: { origin: TEST_ORIGIN, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
}

type Probe = { path: string; body: unknown };

/**
 * The timing client runs in a worker thread, with an event loop of its own, as an outsider's does in his own process:
 * in the server's thread, the work the server does after answering (PGlite runs its queries on that thread) would hold
 * up reading the answer and be counted as the answer's time.
 */
const client = new Worker(
  `
  const { parentPort } = require("node:worker_threads");
  parentPort.on("message", async ({ base, origin, probes }) => {
    const times = [];
    for (const { path, body } of probes) {
      const started = performance.now();
      const response = await fetch(base + path, {
        method: "POST",
        headers: { origin, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      await response.text();
      times.push(performance.now() - started);
      if (response.status !== 200) throw new Error(path + " answered " + response.status);
      // Let the work queued after the answer finish before the next probe, as a careful attacker would.
      await new Promise((r) => setTimeout(r, 150));
    }
    parentPort.postMessage(times);
  });
`,
  { eval: true },
);

/** Sends the probes one after the other from the worker; the milliseconds each took, in order. */
function timeProbes(probes: Probe[]): Promise<number[]> {
  return new Promise((resolve, reject) => {
    client.once("message", resolve);
    client.once("error", reject);
    client.postMessage({ base, origin: TEST_ORIGIN, probes });
  });
}

const signUpProbe = (email: string): Probe => ({
  path: "/api/auth/sign-up/email",
  body: signUpBody(newAccount({ email })),
});
const resetProbe = (email: string): Probe => ({
  path: "/api/auth/request-password-reset",
  body: { email, redirectTo: "/reset-password" },
});

/** PAIRS interleaved probes of a registered and a new address, in random order within each pair. */
async function comparePairs(what: string, probe: (email: string) => Probe, known: string[]) {
  const order = Array.from({ length: pairs }, () => Math.random() < 0.5);
  const probes = order.flatMap((knownFirst, i) => {
    const pair = [probe(known[i]!), probe(uniqueEmail("new"))];
    return knownFirst ? pair : pair.reverse();
  });
  const times = await timeProbes(probes);
  const registered: number[] = [];
  const fresh: number[] = [];
  let registeredFaster = 0;
  order.forEach((knownFirst, i) => {
    const [first, second] = [times[2 * i]!, times[2 * i + 1]!];
    const [a, b] = knownFirst ? [first, second] : [second, first];
    registered.push(a);
    fresh.push(b);
    if (a < b) registeredFaster++;
  });
  const r = stats(registered);
  const f = stats(fresh);
  const share = Math.round((registeredFaster / pairs) * 100);
  console.log(`${what}, registered address: median ${r.median} ms  p95 ${r.p95} ms`);
  console.log(`${what}, new address:        median ${f.median} ms  p95 ${f.p95} ms`);
  console.log(
    `${what}: registered answered faster in ${registeredFaster} of ${pairs} pairs (${share} %; at most 60 % wanted)`,
  );
}

async function confirmedAddress() {
  const account = newAccount({ email: uniqueEmail("known") });
  await post("/api/auth/sign-up/email", signUpBody(account));
  let link: string | undefined;
  for (let i = 0; !link && i < 400; i++) {
    link = mails.find((m) => m.to === account.email)?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    if (!link) await new Promise((r) => setTimeout(r, 10));
  }
  if (!link) throw new Error("no confirmation link");
  const verify = new URL(link);
  await fetch(`${base}${verify.pathname}${verify.search}`, { redirect: "manual" });
  return account.email;
}

try {
  const known: string[] = [];
  for (let i = 0; i < pairs + 5; i++) known.push(await confirmedAddress());
  // Warm-up: the first requests pay for compilation and connection set-up.
  await timeProbes(
    Array.from({ length: 5 }, (_, i) => [
      signUpProbe(known.pop()!),
      signUpProbe(uniqueEmail("warm")),
      resetProbe(known[i]!),
      resetProbe(uniqueEmail("warm")),
    ]).flat(),
  );
  console.log(`database: ${deps.database.kind}, ${pairs} pairs, loopback HTTP`);
  await comparePairs("sign-up", signUpProbe, known);
  // One reset request per registered address: the per-address limit (5 per window) never answers 429 here.
  await comparePairs("reset request", resetProbe, known);
} finally {
  await client.terminate();
  server.close();
  await database.close();
}
process.exit(0);
