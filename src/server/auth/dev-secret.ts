import { randomBytes, randomUUID } from "node:crypto";
import { linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import type { Env } from "../env.ts";

/** The file in DATA_DIR that keeps the signing secret of a server started without AUTH_SECRET. */
export const AUTH_SECRET_FILE = "auth-secret";
const MIN_LENGTH = 32;

function readSecret(file: string): string | null {
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw error;
  }
  const secret = text.trim();
  if (secret.length < MIN_LENGTH) {
    throw new Error(
      `${file} does not hold a secret of ${MIN_LENGTH}+ characters: delete it (everyone is signed out) or set AUTH_SECRET.`,
    );
  }
  return secret;
}

/**
 * The secret kept in `dataDir`, created on first use: 32 random bytes, readable by the owner only (0600). Created
 * atomically (written to a private file, then hard-linked into place, which fails if another process was first), so
 * two servers starting together on one folder agree on one secret; every later start reuses it.
 */
function keptAuthSecret(dataDir: string): string {
  const file = join(dataDir, AUTH_SECRET_FILE);
  const existing = readSecret(file);
  if (existing) return existing;
  mkdirSync(dataDir, { recursive: true });
  const draft = join(dataDir, `.${AUTH_SECRET_FILE}-${randomUUID()}`);
  writeFileSync(draft, `${randomBytes(32).toString("base64url")}\n`, { mode: 0o600, flag: "wx" });
  try {
    linkSync(draft, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  } finally {
    unlinkSync(draft);
  }
  const secret = readSecret(file);
  if (!secret) throw new Error(`${file} could not be created`);
  return secret;
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
