import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseEnv } from "../env.ts";
import { AUTH_SECRET_FILE, VAPID_KEYS_FILE, withKeptAuthSecret, withKeptVapidKeys } from "./dev-secret.ts";

const folders: string[] = [];
function dataDir() {
  const dir = mkdtempSync(join(tmpdir(), "unscroll-secret-"));
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

/** What the server does at start-up (server.ts) with the settings of a development machine. */
function start(settings: Record<string, string>) {
  return withKeptAuthSecret(parseEnv({ NODE_ENV: "development", ...settings }));
}

describe("the auth secret without AUTH_SECRET", () => {
  it("is random, kept in DATA_DIR for the owner only, and the same on the next start", () => {
    const dir = dataDir();
    const first = start({ DATA_DIR: dir });
    expect(first.keptIn).toBe(join(dir, AUTH_SECRET_FILE));
    expect(first.env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(join(dir, AUTH_SECRET_FILE), "utf8").trim()).toBe(first.env.AUTH_SECRET);
    expect(statSync(join(dir, AUTH_SECRET_FILE)).mode & 0o777).toBe(0o600);

    const restart = start({ DATA_DIR: dir });
    expect(restart.env.AUTH_SECRET).toBe(first.env.AUTH_SECRET);
    // No half-written drafts are left beside it.
    expect(readdirSync(dir)).toEqual([AUTH_SECRET_FILE]);
  });

  it("differs between two installations, and is no constant from the source", () => {
    const a = start({ DATA_DIR: dataDir() }).env.AUTH_SECRET;
    const b = start({ DATA_DIR: dataDir() }).env.AUTH_SECRET;
    expect(a).not.toBe(b);
    expect(a).not.toBe("dev-only-secret-change-me-in-production-0123456789");
    // Even before the server swaps in the kept one, parsing alone never yields a shared value.
    expect(parseEnv({}).AUTH_SECRET).not.toBe(parseEnv({}).AUTH_SECRET);
  });

  it("creates the folder if needed, and refuses a damaged file rather than signing with it", () => {
    const dir = join(dataDir(), "nested", "data");
    expect(start({ DATA_DIR: dir }).env.AUTH_SECRET.length).toBeGreaterThanOrEqual(32);
    writeFileSync(join(dir, AUTH_SECRET_FILE), "short\n");
    expect(() => start({ DATA_DIR: dir })).toThrow(/auth-secret does not hold a secret of 32\+ characters/);
  });

  it("leaves a configured AUTH_SECRET alone and writes nothing", () => {
    const dir = dataDir();
    const configured = start({ DATA_DIR: dir, AUTH_SECRET: "s".repeat(40) });
    expect(configured).toMatchObject({ keptIn: null, env: { AUTH_SECRET: "s".repeat(40), authSecretSet: true } });
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe("the web push (VAPID) keys without VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY", () => {
  const keysOf = (settings: Record<string, string>) => withKeptVapidKeys(parseEnv(settings));

  it("are generated once outside production, kept in DATA_DIR for the owner only, and the same on the next start", () => {
    const dir = dataDir();
    const first = keysOf({ NODE_ENV: "development", DATA_DIR: dir });
    expect(first.keptIn).toBe(join(dir, VAPID_KEYS_FILE));
    expect(first.env.vapid).toEqual({
      publicKey: expect.stringMatching(/^[\w-]{87}$/),
      privateKey: expect.stringMatching(/^[\w-]{43}$/),
      subject: "mailto:support@unscroll.example",
    });
    expect(statSync(join(dir, VAPID_KEYS_FILE)).mode & 0o777).toBe(0o600);
    expect(keysOf({ NODE_ENV: "test", DATA_DIR: dir }).env.vapid).toEqual(first.env.vapid);
    expect(keysOf({ NODE_ENV: "development", DATA_DIR: dataDir() }).env.vapid?.publicKey).not.toBe(
      first.env.vapid?.publicKey,
    );
    writeFileSync(join(dir, VAPID_KEYS_FILE), "{}\n");
    expect(() => keysOf({ DATA_DIR: dir })).toThrow(/vapid-keys.json does not hold a VAPID key pair/);
  });

  it("leaves configured keys alone, and in production leaves push off rather than inventing keys", () => {
    const dir = dataDir();
    const configured = {
      DATA_DIR: dir,
      VAPID_PUBLIC_KEY: `B${"k".repeat(86)}`,
      VAPID_PRIVATE_KEY: "p".repeat(43),
      VAPID_SUBJECT: "https://unscroll.example/contact",
    };
    expect(keysOf(configured)).toEqual({
      keptIn: null,
      env: expect.objectContaining({
        vapid: {
          publicKey: configured.VAPID_PUBLIC_KEY,
          privateKey: configured.VAPID_PRIVATE_KEY,
          subject: "https://unscroll.example/contact",
        },
      }),
    });
    const production = {
      NODE_ENV: "production",
      SINGLE_INSTANCE: "true",
      DATA_DIR: dir,
      APP_URL: "https://unscroll.example",
      AUTH_SECRET: "s".repeat(40),
      STRIPE_SECRET_KEY: "sk_live_1",
      STRIPE_WEBHOOK_SECRET: "whsec_1",
      STRIPE_PRICE_MONTHLY: "price_m",
      STRIPE_PRICE_YEARLY: "price_y",
    };
    expect(keysOf(production)).toMatchObject({ keptIn: null, env: { vapid: null } });
    expect(readdirSync(dir)).toEqual([]);
  });
});
