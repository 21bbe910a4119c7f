import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { type Env, vapidSubject } from "../env.ts";

/**
 * A VAPID key pair as web-push writes one (RFC 8292: the P-256 public key uncompressed, 65 bytes, and the private
 * scalar, 32 bytes, both base64url), made with node:crypto so web-push need not load at start (issue 13).
 */
function newVapidKeys() {
  const { privateKey } = generateKeyPairSync("ec", { namedCurve: "prime256v1" });
  const jwk = privateKey.export({ format: "jwk" });
  const bytes = (value: string | undefined) => Buffer.from(value ?? "", "base64url");
  return {
    publicKey: Buffer.concat([Buffer.from([4]), bytes(jwk.x), bytes(jwk.y)]).toString("base64url"),
    privateKey: bytes(jwk.d).toString("base64url"),
  };
}

/** The file in DATA_DIR that keeps the signing secret of a server started without AUTH_SECRET. */
export const AUTH_SECRET_FILE = "auth-secret";
/** The file in DATA_DIR that keeps the web push key pair of a development server started without VAPID keys. */
export const VAPID_KEYS_FILE = "vapid-keys.json";
const MIN_LENGTH = 32;

/** The file's text, or null when it does not exist. */
function readIfPresent(file: string): string | null {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
}

function readSecret(file: string): string | null {
  const text = readIfPresent(file);
  if (text === null) return null;
  const secret = text.trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `${file} does not hold a secret of ${MIN_LENGTH}+ characters: delete it (everyone is signed out) or set AUTH_SECRET.`,
    );
  }
  return secret;
}

/**
 * A file in `dataDir`, created on first use with `create()`'s text, readable by the owner only (0600), and read back
 * with `read` (null: the file is absent). Created atomically (written to a private file, then hard-linked into place,
 * which fails if another process was first), so two servers starting together on one folder agree on one value; every
 * later start reuses it.
 */
function keptFile<T>(dataDir: string, name: string, create: () => string, read: (file: string) => T | null): T {
  const file = join(dataDir, name);
  const existing = read(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const draft = join(dataDir, `.${name}-${randomUUID()}`);
  writeFileSync(draft, create(), { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  const kept = read(file);
  if (!kept) throw new Error(`${file} could not be created`);
  return kept;
}

function keptAuthSecret(dataDir: string): string {
  return keptFile(dataDir, AUTH_SECRET_FILE, () => `${randomBytes(32).toString("base64url")}\n`, readSecret);
}

/**
 * Start-up: without AUTH_SECRET (refused in production) the server signs with the secret kept in DATA_DIR, so no
 * secret is shared by every installation, and sessions and e-mail links survive restarts.
 */
export function withKeptAuthSecret(env: Env): { env: Env; keptIn: string | null } {
  if (env.authSecretSet) return { env, keptIn: null };
  const dataDir = resolve(env.DATA_DIR);
  return { env: { ...env, AUTH_SECRET: keptAuthSecret(dataDir) }, keptIn: join(dataDir, AUTH_SECRET_FILE) };
}

function readVapidKeys(file: string): { publicKey: string; privateKey: string } | null {
  const text = readIfPresent(file);
  if (text === null) return null;
  let keys: unknown;
  try {
    keys = JSON.parse(text);
  } catch {
    keys = null;
  }
  const { publicKey, privateKey } = (keys ?? {}) as Record<string, unknown>;
  if (typeof publicKey !== "string" || typeof privateKey !== "string" || !/^[\w-]{87}$/.test(publicKey)) {
    throw new Error(
      `${file} does not hold a VAPID key pair: delete it (devices subscribed to push must subscribe again) or set VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY.`,
    );
  }
  return { publicKey, privateKey };
}

/**
 * Start-up, outside production: without VAPID keys the server pushes with a pair generated once and kept in DATA_DIR,
 * so browsers' subscriptions (which are bound to the public key) survive restarts. In production push stays off
 * without configured keys (decision 0098): a key pair that changes with the disk would silently orphan every device.
 */
export function withKeptVapidKeys(env: Env): { env: Env; keptIn: string | null } {
  if (env.vapid || env.NODE_ENV === "production") return { env, keptIn: null };
  const dataDir = resolve(env.DATA_DIR);
  const keys = keptFile(dataDir, VAPID_KEYS_FILE, () => `${JSON.stringify(newVapidKeys(), null, 2)}\n`, readVapidKeys);
  return {
    env: { ...env, vapid: { ...keys, subject: vapidSubject(env.VAPID_SUBJECT, env.publicConfig.supportEmail) } },
    keptIn: join(dataDir, VAPID_KEYS_FILE),
  };
}
