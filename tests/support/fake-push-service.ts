import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, randomUUID, verify } from "node:crypto";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";

// A stand-in for a browser's push service (FCM, Mozilla's, Apple's) on 127.0.0.1, and the browser's side of a
// subscription: its keys, and the decryption of what arrives (RFC 8291 over RFC 8188's aes128gcm).

type ReceivedPush = { path: string; headers: IncomingHttpHeaders; body: Buffer };

/** A subscription as a browser makes one: a P-256 key pair and a 16-byte auth secret, here with the private half. */
export type BrowserSubscription = {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** Decrypts a push body addressed to this subscription. */
  decrypt(body: Buffer): string;
};

function browserSubscription(endpoint: string): BrowserSubscription {
  const ecdh = createECDH("prime256v1");
  const uaPublic = ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: uaPublic.toString("base64url"), auth: authSecret.toString("base64url") },
    decrypt: (body) => decryptAes128gcm(body, { ecdh, uaPublic, authSecret }),
  };
}

/** RFC 8291 section 3.4 key derivation, then RFC 8188 decryption of a single record. */
function decryptAes128gcm(
  body: Buffer,
  receiver: { ecdh: ReturnType<typeof createECDH>; uaPublic: Buffer; authSecret: Buffer },
): string {
  const salt = body.subarray(0, 16);
  const recordSize = body.readUInt32BE(16);
  const idLength = body.readUInt8(20);
  const asPublic = body.subarray(21, 21 + idLength);
  const ciphertext = body.subarray(21 + idLength);
  if (idLength !== 65 || ciphertext.length > recordSize) throw new Error("not a single aes128gcm record");
  const ecdhSecret = receiver.ecdh.computeSecret(asPublic);
  const keyInfo = Buffer.concat([Buffer.from("WebPush: info\0"), receiver.uaPublic, asPublic]);
  const ikm = Buffer.from(hkdfSync("sha256", ecdhSecret, receiver.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: aes128gcm\0"), 16));
  const nonce = Buffer.from(hkdfSync("sha256", ikm, salt, Buffer.from("Content-Encoding: nonce\0"), 12));
  const decipher = createDecipheriv("aes-128-gcm", cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02, then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error("no last-record delimiter");
  return padded.subarray(0, end).toString("utf8");
}

/**
 * Checks an `Authorization: vapid t=<JWT>, k=<public key>` header (RFC 8292): the JWT is ES256-signed by that key,
 * its audience is the push service's origin and it has not expired. Answers the JWT's claims and the key.
 */
export function verifyVapidHeader(header: string | undefined, audience: string) {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match) throw new Error(`not a VAPID Authorization header: ${header}`);
  const [, jwt = "", publicKey = ""] = match;
  const [head = "", claims = "", signature = ""] = jwt.split(".");
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const valid = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!valid) throw new Error("VAPID signature does not verify");
  const payload = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (payload.aud !== audience) throw new Error(`VAPID audience ${payload.aud}, expected ${audience}`);
  if (payload.exp * 1000 < Date.now()) throw new Error("VAPID token expired");
  return { publicKey, claims: payload, header: JSON.parse(Buffer.from(head, "base64url").toString()) };
}

/**
 * The push service: records every POST and answers 201, or the status set for that subscription (410 for one that
 * is gone, 500 for a push service in trouble).
 */
export async function startFakePushService() {
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = statuses.get(path) ?? 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    received,
    /** A new browser subscription whose endpoint is this service. */
    subscribe: () => browserSubscription(`${origin}/push/${randomUUID()}`),
    /** What arrived for one subscription. */
    pushesTo: (subscription: { endpoint: string }) =>
      received.filter((push) => `${origin}${push.path}` === subscription.endpoint),
    answer(subscription: { endpoint: string }, status: number) {
      statuses.set(new URL(subscription.endpoint).pathname, status);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;
