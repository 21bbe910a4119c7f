import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hc } from "hono/client";
import { type ApiType, createApp } from "#server/app.ts";
import { withKeptVapidKeys } from "#server/auth/dev-secret.ts";
import { listenForSessionChanges } from "#server/auth/session.ts";
import { buildDeps, prepareDatabase } from "#server/bootstrap.ts";
import type { Deps } from "#server/context.ts";
import { parseEnv } from "#server/env.ts";
import { createLogger, type Logger } from "#server/logger.ts";
import { settleAnsweredAuthWork } from "#server/routes/auth/auth.routes.ts";
import type { AiGenerator } from "#server/services/ai/index.ts";
import type { ProofStorage } from "#server/services/proof/proof-storage.ts";
import { recordAnswers, undocumentedStatuses } from "./answered-statuses.ts";
import { buildAccount, buildSession } from "./builders/accounts.ts";
import { buildAnalyzedPlan } from "./builders/plans.ts";
import { type Account, newAccount, signUpBody, uniqueEmail } from "./personas.ts";
import { startSmtpSink } from "./smtp-sink.ts";
import { createTestDatabase } from "./test-database.ts";

export const TEST_ORIGIN = "http://localhost:3000";

/** The settings a production server refuses to start without, with values that reach nothing. */
export const PRODUCTION_TEST_ENV = {
  NODE_ENV: "production",
  // One app on a database of its own, photo proofs on its disk: what production allows only when told so.
  SINGLE_INSTANCE: "true",
  AUTH_SECRET: "a".repeat(40),
  STRIPE_SECRET_KEY: "sk_test_unused",
  STRIPE_WEBHOOK_SECRET: "whsec_unused",
  STRIPE_PRICE_MONTHLY: "price_m",
  STRIPE_PRICE_YEARLY: "price_y",
};

type ApiClient = ReturnType<typeof hc<ApiType>>;
type RequestOptions = { method?: string; body?: unknown; cookie?: string; headers?: Record<string, string> };

/**
 * The whole server in-process: a fresh database, a real SMTP sink for its e-mail, and clients that call it the way
 * a browser would (Origin header, session cookie). Tests reach /api through the typed client (`t.api`, or a user's
 * own `user.api`); `t.request` is left for better-auth's /api/auth/*, which the typed API does not describe, and
 * for paths that deliberately do not exist. `options.ai` replaces the configured AI provider, e.g. with one that fails;
 * `options.logger` captures the log; `options.proofStorage` replaces the photo storage (DATA_DIR/proofs of this app).
 */
export async function createTestApp(
  envOverrides: Record<string, string> = {},
  options: { ai?: AiGenerator; logger?: Logger; proofStorage?: ProofStorage } = {},
) {
  const smtp = await startSmtpSink();
  const database = await createTestDatabase();
  const dataDir = mkdtempSync(join(tmpdir(), "unscroll-test-app-"));
  // As the server starts: without VAPID keys, a pair kept in DATA_DIR (web push, decision 0098).
  const { env } = withKeptVapidKeys(
    parseEnv({
      NODE_ENV: "test",
      // Files the server keeps (the test Stripe's state) go to a folder of this app, never into the repository.
      DATA_DIR: dataDir,
      APP_URL: TEST_ORIGIN,
      // TEST_LOG_LEVEL=error shows the test app's log when a failing test needs explaining.
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
      SMTP_URL: smtp.url,
      MAIL_FROM: "Unscroll <no-reply@unscroll.test>",
      ...envOverrides,
    }),
  );
  const deps: Deps = await buildDeps(env, {
    database,
    logger: options.logger ?? createLogger(env.LOG_LEVEL),
    ai: options.ai,
    proofStorage: options.proofStorage,
  });
  await prepareDatabase(deps);
  await listenForSessionChanges(deps);
  const app = createApp(deps);
  const answers = recordAnswers(app as never);

  /** The typed API as the browser sees it; with a cookie, as that signed-in user. */
  function client(cookie?: string) {
    return hc<ApiType>(`${TEST_ORIGIN}/api`, {
      fetch: app.request,
      headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) },
    });
  }

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

  async function logIn(email: string, password: string) {
    const response = await request("/api/auth/sign-in/email", { body: { email, password } });
    if (!response.ok) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
    return cookieFrom(response);
  }

  /**
   * A confirmed, signed-in user (Marcus unless told otherwise), made by builders as sign-up, its e-mail's link and a
   * sign-in make him (decision 0174): `cookie` is the signed session cookie a sign-in sets. The sign-up, confirmation
   * and sign-in have their own tests (routes/auth), which go through HTTP and SMTP; `signUpUser` does it that way.
   */
  async function createUser(overrides: Partial<Account> = {}) {
    const account = await buildAccount(deps.auth, { email: uniqueEmail("user"), ...overrides });
    const session = await buildSession(deps.auth, account.id);
    const cookie = `${session.name}=${session.value}`;
    return { ...account, cookie, api: client(cookie) };
  }

  /** Signs a new user up through HTTP, follows the confirmation link from the e-mail, logs in with his password. */
  async function signUpUser(overrides: Partial<Account> = {}) {
    const account = newAccount({ email: uniqueEmail("user"), ...overrides });
    const signUp = await request("/api/auth/sign-up/email", { body: signUpBody(account) });
    if (!signUp.ok) throw new Error(`sign-up failed: ${signUp.status} ${await signUp.text()}`);
    const mail = await smtp.waitFor(account.email);
    const link = mail.links.find((l) => l.includes("/api/auth/verify-email"));
    if (!link) throw new Error(`no confirmation link in: ${mail.text}`);
    const url = new URL(link);
    const verify = await request(url.pathname + url.search);
    if (verify.status >= 400) throw new Error(`verification failed: ${verify.status}`);
    const cookie = await logIn(account.email, account.password);
    const api = client(cookie);
    const me = await (await api.me.$get()).json();
    if (!me.user) throw new Error("signed in, but /api/me knows nobody");
    return { ...account, id: me.user.id, cookie, api };
  }

  /** Polls the generation state the way the processing screen does, until it is done or failed. */
  async function waitForGeneration(user: { api: ApiClient }, id: string, timeoutMs = 30_000) {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const state = await (await user.api.quiz.responses[":id"].generation.$get({ param: { id } })).json();
      if (state.status === "done" || state.status === "failed") return state;
      if (Date.now() > deadline) throw new Error(`generation still ${state.status} after ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
  }

  /**
   * A user with an analyzed plan (offline provider unless configured), made by the plan builder through the quiz and
   * generation services: the quiz response id and the plan as GET /api/quiz/responses/:id answers it.
   */
  async function userWithPlan(options: { answers?: readonly string[] } & Partial<Account> = {}) {
    const { answers, ...account } = options;
    const user = await createUser(account);
    const { responseId: id } = await buildAnalyzedPlan(deps, user, { answers });
    const plan = await (await user.api.quiz.responses[":id"].$get({ param: { id } })).json();
    return { user, quizResponseId: id, plan };
  }

  return {
    app,
    deps,
    db: database.db,
    /** The PostgreSQL URL of this test database (undefined on PGlite), for a second instance's pool. */
    databaseUrl: database.url,
    smtp,
    /** The typed API without a session. */
    api: client(),
    client,
    request,
    createUser,
    signUpUser,
    logIn,
    waitForGeneration,
    userWithPlan,
    /** Every status a documented route answered here that its entry in GET /api/openapi.json does not list. */
    async undocumentedStatuses() {
      const document = await (await app.request("/api/openapi.json")).json();
      return undocumentedStatuses(document, answers);
    },
    async close() {
      // The document the kept answers are read against (scripts/check-refusals.ts); one file per distinct document,
      // since settings can add or hide routes.
      const answersDir = process.env.UNSCROLL_ANSWERS_DIR;
      if (answersDir) {
        const document = await (await app.request("/api/openapi.json")).text();
        const name = `openapi-${createHash("sha1").update(document).digest("hex")}.json`;
        writeFileSync(join(answersDir, name), document);
      }
      // As the server's shutdown does: sign-ups and reset requests answered before their work finish it first.
      await settleAnsweredAuthWork(deps.auth);
      await database.close();
      await smtp.close();
      rmSync(dataDir, { recursive: true, force: true });
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
export type TestUser = Awaited<ReturnType<TestApp["createUser"]>>;
