import { hc } from "hono/client";
import { type ApiType, createApp } from "../../src/server/app.ts";
import { buildDeps, prepareDatabase } from "../../src/server/bootstrap.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { parseEnv } from "../../src/server/env.ts";
import type { MailMessage } from "../../src/server/services/mail/mailer.ts";
import { newAccount, signUpBody, uniqueEmail } from "../support/personas.ts";
import { cookieFrom, TEST_ORIGIN } from "../support/test-app.ts";

/**
 * The whole server in-process for benchmarks (outside vitest): the embedded database in memory, or PostgreSQL when
 * BENCH_DATABASE_URL is set, the configured AI provider (offline by default), and e-mail kept in memory.
 */
export async function createBenchApp() {
  const mails: MailMessage[] = [];
  const env = parseEnv({ NODE_ENV: "test", APP_URL: TEST_ORIGIN, LOG_LEVEL: "silent" });
  const url = process.env.BENCH_DATABASE_URL;
  const database = url ? await openDatabase({ kind: "postgres", url }) : await openDatabase({ kind: "pglite" });
  const deps = await buildDeps(env, { database, mailer: { send: async (m) => void mails.push(m) } });
  await prepareDatabase(deps);
  const app = createApp(deps);

  /** better-auth's endpoints are outside the typed API. */
  function authRequest(path: string, body?: unknown) {
    return app.request(path, {
      method: body === undefined ? "GET" : "POST",
      headers: { origin: TEST_ORIGIN, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /** A confirmed, signed-in user and the typed API as that user. */
  async function createUser() {
    const account = newAccount({ email: uniqueEmail("bench") });
    await authRequest("/api/auth/sign-up/email", signUpBody(account));
    // The confirmation e-mail may be sent after the sign-up response.
    let mail = mails.find((m) => m.to === account.email);
    for (let i = 0; !mail && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 25));
      mail = mails.find((m) => m.to === account.email);
    }
    const link = mail?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    if (!link) throw new Error("no confirmation link");
    const verify = new URL(link);
    await authRequest(verify.pathname + verify.search);
    const signIn = await authRequest("/api/auth/sign-in/email", { email: account.email, password: account.password });
    const cookie = cookieFrom(signIn);
    return { api: hc<ApiType>(`${TEST_ORIGIN}/api`, { fetch: app.request, headers: { origin: TEST_ORIGIN, cookie } }) };
  }

  return { deps, createUser, close: () => database.close() };
}
