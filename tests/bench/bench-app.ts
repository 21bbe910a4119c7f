import type { AddressInfo } from "node:net";
import { hc } from "hono/client";
import { type ApiType, createApp } from "#server/app.ts";
import { buildDeps, prepareDatabase } from "#server/bootstrap.ts";
import { openDatabase } from "#server/db/client.ts";
import { parseEnv } from "#server/env.ts";
import { createHttpServer, listen } from "#server/http/node-server.ts";
import type { MailMessage } from "#server/services/mail/mailer.ts";
import type { StaticSite } from "#server/static.ts";
import { newAccount, signUpBody, uniqueEmail } from "../support/personas.ts";
import { cookieFrom, TEST_ORIGIN } from "../support/test-app.ts";

/**
 * The whole server in-process for benchmarks (outside vitest): the embedded database in memory, or PostgreSQL when
 * BENCH_DATABASE_URL is set, the configured AI provider (offline by default), and e-mail kept in memory; with `site`,
 * the built client as well.
 */
export async function createBenchApp(
  options: { url?: string; dataDir?: string; env?: Record<string, string>; site?: StaticSite } = {
    url: process.env.BENCH_DATABASE_URL,
  },
) {
  const mails: MailMessage[] = [];
  const env = parseEnv({ NODE_ENV: "test", APP_URL: TEST_ORIGIN, LOG_LEVEL: "silent", ...options.env });
  const { url, dataDir } = options;
  const database = url
    ? await openDatabase({ kind: "postgres", url })
    : await openDatabase({ kind: "pglite", dataDir });
  const deps = await buildDeps(env, { database, mailer: { send: async (m) => void mails.push(m) } });
  await prepareDatabase(deps);
  const app = createApp(deps, { site: options.site });

  /** better-auth's endpoints are outside the typed API. */
  function authRequest(path: string, body?: unknown) {
    return app.request(path, {
      method: body === undefined ? "GET" : "POST",
      headers: { origin: TEST_ORIGIN, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  }

  /**
   * His cookie once signed in, as a browser sends it: the session, and the offline copy's tag the first answer sets
   * (decision 0170), which the server would otherwise set again on every answer to a client without it.
   */
  async function signIn(email: string, password: string) {
    const signedIn = await authRequest("/api/auth/sign-in/email", { email, password });
    const session = cookieFrom(signedIn);
    const asked = await app.request("/api/me", { headers: { origin: TEST_ORIGIN, cookie: session } });
    const me = (await asked.json()) as { user: { id: string } | null };
    if (!me.user) throw new Error(`signed in as ${email}, but /api/me knows nobody`);
    const tag = cookieFrom(asked);
    return { id: me.user.id, cookie: tag ? `${session}; ${tag}` : session };
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
    const { id, cookie } = await signIn(account.email, account.password);
    const api = hc<ApiType>(`${TEST_ORIGIN}/api`, { fetch: app.request, headers: { origin: TEST_ORIGIN, cookie } });
    return { id, cookie, api };
  }

  /** The app on a real loopback port, for figures that include the HTTP stack (compare with a bare Node server). */
  async function listenOnLoopback() {
    const server = await listen(createHttpServer(app.fetch), 0, "127.0.0.1");
    const { port } = server.address() as AddressInfo;
    const url = `http://127.0.0.1:${port}`;
    return {
      port,
      /** The typed API over HTTP as this user. */
      client: (cookie: string) => hc<ApiType>(`${url}/api`, { headers: { origin: TEST_ORIGIN, cookie } }),
      close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    };
  }

  return { deps, createUser, signIn, listen: listenOnLoopback, close: () => database.close() };
}
