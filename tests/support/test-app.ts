import { randomBytes } from "node:crypto";
import { createApp } from "../../src/server/app.ts";
import { buildDeps, prepareDatabase } from "../../src/server/bootstrap.ts";
import type { Deps } from "../../src/server/context.ts";
import { parseEnv } from "../../src/server/env.ts";
import { createLogger } from "../../src/server/logger.ts";
import { startSmtpSink } from "./smtp-sink.ts";
import { createTestDatabase } from "./test-database.ts";

export const TEST_ORIGIN = "http://localhost:3000";

/**
 * The whole server in-process: a fresh database, a real SMTP sink for its e-mail, and
 * helpers that call it the way a browser would (Origin header, session cookie).
 */
export async function createTestApp(envOverrides: Record<string, string> = {}) {
  const smtp = await startSmtpSink();
  const database = await createTestDatabase();
  const env = parseEnv({
    NODE_ENV: "test",
    APP_URL: TEST_ORIGIN,
    LOG_LEVEL: "silent",
    SMTP_URL: smtp.url,
    MAIL_FROM: "Unscroll <no-reply@unscroll.test>",
    ...envOverrides,
  });
  const deps: Deps = await buildDeps(env, { database, logger: createLogger(env.LOG_LEVEL) });
  await prepareDatabase(deps);
  const app = createApp(deps);

  type RequestOptions = { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> };
  async function request(path: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = { origin: TEST_ORIGIN, ...options.headers };
    if (options.cookie) headers.cookie = options.cookie;
    let body: string | undefined;
    if (options.body !== undefined) {
      headers["content-type"] = "application/json";
      body = JSON.stringify(options.body);
    }
    return app.request(path, { method: options.method ?? (body ? "POST" : "GET"), headers, body });
  }

  /** Signs a new user up, follows the confirmation link from the e-mail, and logs in. */
  async function createUser(options: { email?: string; password?: string; firstName?: string } = {}) {
    const email = options.email ?? `user-${randomBytes(5).toString("hex")}@example.com`;
    const password = options.password ?? "run4ever";
    const firstName = options.firstName ?? "Alex";
    const signUp = await request("/api/auth/sign-up/email", {
      body: { email, password, name: firstName, firstName, acceptTerms: true, callbackURL: "/EmailConfirmed" },
    });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const mail = await smtp.waitFor(email);
    const link = mail.links.find((l) => l.includes("/api/auth/verify-email"));
    if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
    const url = new URL(link);
    const verify = await request(url.pathname + url.search);
    if (verify.status >= 400) throw new Error(`verification failed: ${verify.status}`);
    const cookie = await logIn(email, password);
    const me = (await (await request("/api/me", { cookie })).json()) as { user: { id: string } };
    return { id: me.user.id, email, password, firstName, cookie };
  }

  async function logIn(email: string, password: string) {
    const response = await request("/api/auth/sign-in/email", { body: { email, password } });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return cookieFrom(response);
  }

  return {
    app,
    deps,
    db: database.db,
    smtp,
    request,
    createUser,
    logIn,
    async close() {
      await database.close();
      await smtp.close();
    },
  };
}

/** The Cookie header a browser would send back after this response. */
export function cookieFrom(response: Response) {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c?.endsWith("="))
    .join("; ");
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
