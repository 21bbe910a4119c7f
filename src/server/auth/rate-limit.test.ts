import { hashPassword as scryptHash } from "better-auth/crypto";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/support/test-database.ts";
import type { Database } from "../db/client.ts";
import { clientIp, normalizeIp } from "./client-ip.ts";
import { hashPassword, verifyPassword } from "./password-hash.ts";
import { createRateLimiter } from "./rate-limit.ts";

describe("rate limiter", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  const settings = {
    windowSeconds: 60,
    windows: { partnerInvitation: 600 },
    perIp: {
      signIn: 2,
      signUp: 0,
      passwordReset: 1,
      verificationEmail: 1,
      calendarFeed: 1,
      partnerInvitation: 0,
      partnerInvitesFree: 0,
      partnerInvitesPremium: 0,
      partnerCheer: 1,
      proofUpload: 0,
    },
    perEmail: {
      signIn: 3,
      signUp: 1,
      passwordReset: 1,
      verificationEmail: 1,
      calendarFeed: 1,
      partnerInvitation: 1,
      partnerInvitesFree: 0,
      partnerInvitesPremium: 0,
      partnerCheer: 0,
      proofUpload: 0,
    },
  };

  it("allows the limit per window, then again once the window has passed", async () => {
    const limiter = createRateLimiter(database.db, settings, "secret-for-tests-0123456789abcdef");
    const t0 = 1_000_000;
    const at = (now: number) => limiter.consume("signIn", { ip: "10.0.0.1" }, { now });
    expect((await at(t0)).allowed).toBe(true);
    expect((await at(t0 + 1000)).allowed).toBe(true);
    expect(await at(t0 + 2000)).toEqual({ allowed: false, retryAfterSeconds: 58 });
    expect((await at(t0 + 60_000)).allowed).toBe(true);
  });

  it("shares counts between limiter instances (as between servers) and treats 0 as off", async () => {
    const a = createRateLimiter(database.db, settings, "secret-for-tests-0123456789abcdef");
    const b = createRateLimiter(database.db, settings, "secret-for-tests-0123456789abcdef");
    expect((await a.consume("signUp", { ip: "10.0.0.9", email: "x@example.com" })).allowed).toBe(true);
    expect((await b.consume("signUp", { ip: "10.0.0.9", email: "X@example.com" })).allowed).toBe(false);
    expect((await b.consume("signUp", { ip: "10.0.0.9", email: "y@example.com" })).allowed).toBe(true);
  });

  it("counts an action with a window of its own over that window, and purges only what every window has closed", async () => {
    const limiter = createRateLimiter(database.db, settings, "secret-for-tests-0123456789abcdef");
    const t0 = 5_000_000;
    const at = (now: number) => limiter.consume("partnerInvitation", { email: "own-window@example.com" }, { now });
    expect((await at(t0)).allowed).toBe(true);
    // Past the general 60 s window, still inside its own 600 s one.
    expect(await at(t0 + 120_000)).toEqual({ allowed: false, retryAfterSeconds: 480 });
    await limiter.purge(t0 + 120_000);
    expect((await at(t0 + 130_000)).allowed).toBe(false);
    expect((await at(t0 + 600_000)).allowed).toBe(true);
  });

  it("counts inside a transaction, and a rolled-back transaction takes its count back", async () => {
    const limiter = createRateLimiter(database.db, settings, "secret-for-tests-0123456789abcdef");
    const email = "rollback@example.com";
    await expect(
      database.db.transaction(async (tx) => {
        expect((await limiter.consume("partnerInvitation", { email }, { within: tx })).allowed).toBe(true);
        throw new Error("refused later in the same request");
      }),
    ).rejects.toThrow("refused later");
    expect((await limiter.consume("partnerInvitation", { email })).allowed).toBe(true);
    expect((await limiter.consume("partnerInvitation", { email })).allowed).toBe(false);
  });

  it("counts concurrent attempts exactly", async () => {
    const limiter = createRateLimiter(database.db, settings, "secret-for-tests-0123456789abcdef");
    const verdicts = await Promise.all(
      Array.from({ length: 10 }, () => limiter.consume("signIn", { email: "race@example.com" })),
    );
    expect(verdicts.filter((v) => v.allowed)).toHaveLength(3);
  });
});

describe("client IP", () => {
  it("unwraps IPv4-mapped addresses and groups IPv6 by /64", () => {
    expect(normalizeIp("::ffff:192.0.2.1")).toBe("192.0.2.1");
    expect(normalizeIp("203.0.113.9")).toBe("203.0.113.9");
    expect(normalizeIp("2001:db8:0:1:aaaa::1")).toBe("2001:db8:0:1::/64");
    expect(normalizeIp("2001:DB8:0:1:bbbb:cccc:dddd:eeee")).toBe("2001:db8:0:1::/64");
  });

  /** The address clientIp finds behind `hops` trusted proxies, for a request with this X-Forwarded-For. */
  async function seenBehind(hops: number, forwardedFor?: string) {
    const app = new Hono().get("/", (c) => c.text(String(clientIp(c, hops))));
    const response = await app.request("/", { headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {} });
    return response.text();
  }

  it("takes the entry the outermost trusted proxy appended: the Nth from the right behind N proxies", async () => {
    // In-process there is no socket: "null" stands for the socket's peer.
    expect(await seenBehind(0, "203.0.113.9")).toBe("null");
    expect(await seenBehind(1, "198.51.100.7, 203.0.113.9")).toBe("203.0.113.9");
    // CDN -> HAProxy -> app: the client's address, then the CDN edge's; whatever he sent himself is further left.
    expect(await seenBehind(2, "198.51.100.7, 203.0.113.9, 192.0.2.50")).toBe("203.0.113.9");
    expect(await seenBehind(2, "203.0.113.9,192.0.2.50")).toBe("203.0.113.9");
    expect(await seenBehind(3, "::ffff:203.0.113.9, 192.0.2.50, 10.0.0.2")).toBe("203.0.113.9");
  });

  it("takes the last entry when fewer proxies appended than are trusted, and the socket's peer for a bad entry", async () => {
    // Someone reached the inner proxy without the CDN: only the entry our own proxy appended is certain.
    expect(await seenBehind(2, "203.0.113.9")).toBe("203.0.113.9");
    expect(await seenBehind(3, "198.51.100.7, 203.0.113.9")).toBe("203.0.113.9");
    expect(await seenBehind(2, "unknown, 192.0.2.50")).toBe("null");
    expect(await seenBehind(1, "203.0.113.9, not-an-address")).toBe("null");
    expect(await seenBehind(1)).toBe("null");
  });
});

describe("password hashing", () => {
  it("hashes with argon2id and still accepts hashes from before (scrypt)", async () => {
    const hash = await hashPassword("run4ever");
    expect(await verifyPassword({ hash, password: "run4ever" })).toBe(true);
    expect(await verifyPassword({ hash, password: "run4never" })).toBe(false);
    const legacy = await scryptHash("run4ever");
    expect(await verifyPassword({ hash: legacy, password: "run4ever" })).toBe(true);
    expect(await verifyPassword({ hash: legacy, password: "nope1234" })).toBe(false);
    expect(await verifyPassword({ hash: "garbage", password: "run4ever" })).toBe(false);
  });
});

describe("rate-limit settings", () => {
  // What production needs to start at all (env.ts): its address, a secret and the Stripe settings.
  const base = {
    SINGLE_INSTANCE: "true",
    APP_URL: "https://unscroll.example",
    AUTH_SECRET: "x".repeat(32),
    STRIPE_SECRET_KEY: "sk_test_1",
    STRIPE_WEBHOOK_SECRET: "whsec_1",
    STRIPE_PRICE_MONTHLY: "price_m",
    STRIPE_PRICE_YEARLY: "price_y",
  };

  it("defaults per IP in production, off per IP under test, per e-mail everywhere", async () => {
    const { parseEnv } = await import("../env.ts");
    const production = parseEnv({ ...base, NODE_ENV: "production" }).rateLimits;
    expect(production.perIp).toEqual({
      signIn: 30,
      signUp: 10,
      passwordReset: 10,
      verificationEmail: 10,
      calendarFeed: 30,
      partnerInvitation: 0,
      partnerInvitesFree: 0,
      partnerInvitesPremium: 0,
      partnerCheer: 30,
      proofUpload: 0,
    });
    expect(production.perEmail).toEqual({
      signIn: 10,
      signUp: 5,
      passwordReset: 5,
      verificationEmail: 5,
      calendarFeed: 60,
      partnerInvitation: 3,
      partnerInvitesFree: 5,
      partnerInvitesPremium: 10,
      partnerCheer: 0,
      proofUpload: 30,
    });
    expect(production.windows).toEqual({
      partnerInvitation: 86_400,
      partnerInvitesFree: 86_400,
      partnerInvitesPremium: 86_400,
      proofUpload: 3600,
    });
    expect(production.windowSeconds).toBe(900);
    const test = parseEnv({ ...base, NODE_ENV: "test" }).rateLimits;
    expect(test.perIp).toEqual({
      signIn: 0,
      signUp: 0,
      passwordReset: 0,
      verificationEmail: 0,
      calendarFeed: 0,
      partnerInvitation: 0,
      partnerInvitesFree: 0,
      partnerInvitesPremium: 0,
      partnerCheer: 0,
      proofUpload: 0,
    });
    expect(test.perEmail.signIn).toBe(10);
  });

  it("takes explicit values and refuses nonsense", async () => {
    const { parseEnv } = await import("../env.ts");
    const env = parseEnv({
      ...base,
      NODE_ENV: "test",
      RATE_LIMIT_SIGN_IN_PER_IP: "3",
      RATE_LIMIT_WINDOW_SECONDS: "60",
    });
    expect(env.rateLimits.perIp.signIn).toBe(3);
    expect(env.rateLimits.windowSeconds).toBe(60);
    expect(() => parseEnv({ ...base, RATE_LIMIT_RESET_PER_EMAIL: "-1" })).toThrow(/RATE_LIMIT_RESET_PER_EMAIL/);
  });
});
