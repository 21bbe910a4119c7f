import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { HTTPException } from "hono/http-exception";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/support/test-app.ts";
import type { AppEnv } from "../context.ts";
import { users } from "../db/schema.ts";
import { DomainError } from "../services/domain-error.ts";
import { answerFor, errorHandler } from "./errors.ts";

describe("the error catalog", () => {
  it("answers the token refusals with the SPEC statuses and messages", () => {
    expect(answerFor(new DomainError("tokens.insufficient"))).toEqual({ status: 402, message: "Insufficient tokens" });
    expect(answerFor(new DomainError("tokens.invalidAction"))).toEqual({ status: 400, message: "Invalid action type" });
    expect(answerFor(new DomainError("tokens.profileMissing"))).toEqual({
      status: 404,
      message: "User profile not found",
    });
  });

  it("answers the todo refusals with SPEC.md's messages", () => {
    expect(answerFor(new DomainError("milestone.completed"))).toEqual({
      status: 400,
      message: "Cannot generate todos for completed milestone",
    });
    expect(answerFor(new DomainError("todos.generationFailed"))).toEqual({
      status: 502,
      message: "Failed to generate todos. Please try again.",
    });
    expect(answerFor(new DomainError("todo.notFound"))).toEqual({ status: 404, message: "Todo not found" });
  });

  it("fills a message with the facts the error carries", () => {
    expect(answerFor(new DomainError("milestone.openTodos", { count: 2 }))).toEqual({
      status: 400,
      message: "Please complete all 2 remaining todo(s) before marking this milestone as complete.",
    });
  });

  it("answers anything unexpected with a generic 500 and logs it", async () => {
    const logged: string[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => void logged.push(line) });
    const app = new Hono<AppEnv>()
      .get("/bug", () => {
        throw new Error("secret detail");
      })
      .get("/refused", () => {
        throw new DomainError("quiz.stillRunning");
      })
      .get("/plumbing", () => {
        throw new HTTPException(400, { message: "Please answer every question." });
      });
    app.onError(errorHandler(logger));

    const bug = await app.request("/bug");
    expect(bug.status).toBe(500);
    expect(await bug.json()).toEqual({ error: "Something went wrong. Please try again." });
    expect(logged.join("")).toContain("secret detail");

    const refused = await app.request("/refused");
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ error: "Your results are still being prepared. Please wait a moment." });

    const plumbing = await app.request("/plumbing");
    expect(plumbing.status).toBe(400);
    expect(await plumbing.json()).toEqual({ error: "Please answer every question." });
  });
});

describe("a refusal over a limit (decision 0114)", () => {
  const logger = pino({ level: "silent" });
  const app = new Hono<AppEnv>()
    .get("/delete", () => {
      throw new DomainError("account.tooManyAttempts", { retryAfterSeconds: 125 });
    })
    .get("/sign-in", () => {
      throw new DomainError("auth.tooManyAttempts", { retryAfterSeconds: 30 });
    })
    .get("/partner", () => {
      throw new DomainError("partner.addressLimit");
    })
    .get("/busy", () => {
      throw new DomainError("auth.busy");
    })
    .get("/uploads-busy", () => {
      throw new DomainError("proof.busy", { retryAfterSeconds: 5 });
    })
    .get("/not-found", () => {
      throw new DomainError("proof.notFound", { retryAfterSeconds: 5 });
    });
  app.onError(errorHandler(logger));

  it("says in Retry-After when to try again, and the message names the same wait", async () => {
    const limited = await app.request("/delete");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("125");
    expect(await limited.json()).toEqual({ error: "Too many attempts. Please wait 3 minutes and try again." });
  });

  it("answers the account endpoints' limit with better-auth's code beside the message, as before", async () => {
    const limited = await app.request("/sign-in");
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("30");
    expect(await limited.json()).toEqual({
      error: "Too many attempts. Please wait a minute and try again.",
      code: "TOO_MANY_REQUESTS",
    });
  });

  it("sends no Retry-After for a limit without a wait, nor for anything but a 429 or a 503", async () => {
    const partner = await app.request("/partner");
    expect(partner.status).toBe(429);
    expect(partner.headers.get("retry-after")).toBeNull();
    const busy = await app.request("/busy");
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBeNull();
    expect(await busy.json()).toEqual({ error: "Too many requests at this moment. Please try again in a minute." });
    const notFound = await app.request("/not-found");
    expect(notFound.status).toBe(404);
    expect(notFound.headers.get("retry-after")).toBeNull();
  });

  it("says in Retry-After when a 503 that names a wait may be tried again (issue 41: uploads over the instance's bound)", async () => {
    const busy = await app.request("/uploads-busy");
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe("5");
  });
});

describe("a request that fails after his account was deleted", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 401 (his session has ended) instead of a 500, and logs nothing", async () => {
    const logged: string[] = [];
    const logger = pino({ level: "error" }, { write: (line: string) => void logged.push(line) });
    const user = await t.createUser();
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        c.set("deps", t.deps);
        c.set("user", {
          id: user.id,
          email: user.email,
          firstName: "Marcus",
          emailVerified: true,
          createdAt: new Date(),
        });
        await next();
      })
      // What a write that lost a deadlock with his deletion throws (PostgreSQL's 40P01).
      .get("/write", () => {
        throw Object.assign(new Error("deadlock detected"), { code: "40P01" });
      });
    app.onError(errorHandler(logger));

    expect((await app.request("/write")).status).toBe(500);
    expect(logged.join("")).toContain("deadlock detected");
    logged.length = 0;

    await t.db.delete(users).where(eq(users.id, user.id));
    const answer = await app.request("/write");
    expect(answer.status).toBe(401);
    expect(await answer.json()).toEqual({ error: "Authentication error. Please try again." });
    expect(logged).toEqual([]);
  });
});
