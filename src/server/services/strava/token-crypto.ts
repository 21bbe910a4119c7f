import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";

/**
 * His Strava tokens at rest (issue 56): AES-256-GCM under a key derived from AUTH_SECRET (HKDF, its own label), so a
 * copy of the database alone reads no token, and no new setting is needed. A changed AUTH_SECRET makes the stored
 * tokens unreadable: the connection then reads as gone and he connects again (decision 0165).
 */
export type TokenCipher = { seal(plain: string): string; open(sealed: string): string | null };

const VERSION = "v1";

export function tokenCipher(secret: string): TokenCipher {
  const key = Buffer.from(hkdfSync("sha256", secret, "unscroll", "strava-tokens", 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv("aes-256-gcm", key, iv);
      const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final(), cipher.getAuthTag()]);
      return `${VERSION}.${iv.toString("base64url")}.${body.toString("base64url")}`;
    },
    open(sealed) {
      const [version, iv, body] = sealed.split(".");
      if (version !== VERSION || !iv || !body) return null;
      try {
        const bytes = Buffer.from(body, "base64url");
        const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
        decipher.setAuthTag(bytes.subarray(bytes.length - 16));
        return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString(
          "utf8",
        );
      } catch {
        return null;
      }
    },
  };
}
