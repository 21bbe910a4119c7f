import { sql } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { captureLog } from "#tests/support/captured-log.ts";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { AppEnv } from "../context.ts";
import type { Database } from "../db/client.ts";
import { safeError } from "../logger.ts";
import { errorHandler } from "./errors.ts";

/** What a user wrote, e.g. a quiz answer: it may reach a query, never the log. */
const USER_TEXT = "I scroll at 3 am because of my ex";

describe("the error log", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("logs a failed query of a 500 without its parameters: the SQL, the code, no user text", async () => {
    const { logger, text } = captureLog("info");
    const app = new Hono<AppEnv>().post("/boom", async () => {
      // A query that fails on the user's own text, as a NUL in an answer once did.
      await database.db.execute(sql`select ${USER_TEXT}::integer as n`);
      return new Response("unreachable");
    });
    app.onError(errorHandler(logger));

    const response = await app.request("/boom", { method: "POST" });
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ error: "Something went wrong. Please try again." });

    const log = text();
    expect(log).toContain("unhandled error");
    expect(log).toContain("select $1::integer as n");
    expect(log).toContain("22P02");
    expect(log).not.toContain("3 am");
    expect(log).not.toContain("my ex");
  });

  it("keeps the parameters out of errors logged under other keys, e.g. better-auth's arguments", async () => {
    const failure = await database.db.execute(sql`select ${USER_TEXT}::integer`).catch((error: unknown) => error);
    const logged = JSON.stringify(safeError(failure));
    expect(logged).toContain("22P02");
    expect(logged).not.toContain("my ex");
    // Without the scrubbing, the error itself carries the text.
    expect(`${(failure as Error).message} ${JSON.stringify(failure)}`).toContain("my ex");
  });
});
