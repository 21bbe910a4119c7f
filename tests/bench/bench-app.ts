import { randomBytes } from "node:crypto";
import { createApp } from "../../src/server/app.ts";
import { buildDeps, prepareDatabase } from "../../src/server/bootstrap.ts";
import { openDatabase } from "../../src/server/db/client.ts";
import { parseEnv } from "../../src/server/env.ts";
import type { MailMessage } from "../../src/server/services/mail/mailer.ts";
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

  async function request(path: string, options: { method?: string; body?: unknown; cookie?: string } = {}) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN };
    if (options.cookie) headers.cookie = options.cookie;
    if (options.body !== undefined) headers["content-type"] = "application/json";
    return app.request(path, {
      method: options.method ?? (options.body !== undefined ? "POST" : "GET"),
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  }

  async function createUser() {
    const email = `bench-${randomBytes(5).toString("hex")}@example.com`;
    const password = "run4ever";
    await request("/api/auth/sign-up/email", {
      body: { email, password, name: "Bench", firstName: "Bench", acceptTerms: true, callbackURL: "/EmailConfirmed" },
    });
    // The confirmation e-mail may be sent after the sign-up response.
    let mail = mails.find((m) => m.to === email);
    for (let i = 0; !mail && i < 200; i++) {
      await new Promise((r) => setTimeout(r, 25));
      mail = mails.find((m) => m.to === email);
    }
    const link = mail?.text.match(/https?:\/\/\S+verify-email\S+/)?.[0];
    if (!link) throw new Error("no confirmation link");
    const verify = new URL(link);
    await request(verify.pathname + verify.search);
    const signIn = await request("/api/auth/sign-in/email", { body: { email, password } });
    return { cookie: cookieFrom(signIn) };
  }

  return { deps, request, createUser, close: () => database.close() };
}
