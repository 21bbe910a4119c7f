import { hash, verify } from "@node-rs/argon2";
import { verifyPassword as verifyLegacyScrypt } from "better-auth/crypto";

/**
 * OWASP ASVS / Password Storage Cheat Sheet minimum for argon2id: 19 MiB memory,
 * 2 iterations, 1 degree of parallelism. The native binding runs off the event loop.
 */
const ARGON2ID_OPTIONS = {
  // `Algorithm.Argon2id` is a const enum, which isolated modules cannot inline.
  algorithm: 2,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2ID_OPTIONS);
}

/**
 * Accepts argon2id hashes and, for accounts created before argon2id was plugged in,
 * better-auth's default scrypt format ("salt:key"), so no existing user is locked out.
 */
export async function verifyPassword({ hash: stored, password }: { hash: string; password: string }) {
  if (stored.startsWith("$argon2")) {
    try {
      return await verify(stored, password);
    } catch {
      return false;
    }
  }
  if (/^[0-9a-f]+:[0-9a-f]+$/i.test(stored)) return verifyLegacyScrypt({ hash: stored, password });
  return false;
}
