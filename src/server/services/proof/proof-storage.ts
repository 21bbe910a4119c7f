import { createHash, randomUUID } from "node:crypto";
import { chmod, mkdir, open, readFile, rename, rm } from "node:fs/promises";
import { join } from "node:path";
import { AwsClient } from "aws4fetch";

/**
 * Where proof files (re-encoded photos) are kept: files in DATA_DIR on one server, an S3-compatible bucket (AWS S3,
 * Cloudflare R2, MinIO...) when the app runs on several, or on a host whose disk is not kept.
 */
export type ProofStorage = {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
  /** Null when nothing is stored under `key`. */
  get(key: string): Promise<{ bytes: Buffer; contentType: string } | null>;
  /** Removing a key that holds nothing is not an error. */
  delete(key: string): Promise<void>;
};

/** Lower-case letters, digits and dashes, with one optional extension: a file name, an object name, never a path. */
const KEY = /^[a-z0-9][a-z0-9-]{0,127}(\.[a-z0-9]{1,8})?$/;

function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error(`Not a proof storage key: ${JSON.stringify(key).slice(0, 80)}`);
  return key;
}

/** The content type beside a stored file: ".type" is a valid key's extension, ".content-type" never is. */
const TYPE_SUFFIX = ".content-type";

function isMissing(error: unknown) {
  return (error as NodeJS.ErrnoException).code === "ENOENT";
}

/** Written to a private temporary name, flushed, then renamed: a reader sees the whole file or none, never half. */
async function writeAtomically(dir: string, name: string, bytes: Uint8Array | string) {
  const draft = join(dir, `.${name}-${randomUUID()}.tmp`);
  const handle = await open(draft, "wx", 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(draft, join(dir, name));
  } catch (error) {
    await rm(draft, { force: true });
    throw error;
  }
}

/** Proofs as files in `dir` (created owner-only: a proof is seen by its owner and the partners he chose, no one else). */
export function fileProofStorage(dir: string): ProofStorage {
  let ready: Promise<void> | undefined;
  const ensureDir = () => {
    ready ??= mkdir(dir, { recursive: true, mode: 0o700 })
      // mkdir's mode only applies to a folder it creates; one made earlier by hand is closed too.
      .then(() => chmod(dir, 0o700))
      .catch((error: unknown) => {
        ready = undefined;
        throw error;
      });
    return ready;
  };
  return {
    async put(key, bytes, contentType) {
      checkedKey(key);
      await ensureDir();
      // The type first: a file is only ever found once its type is there.
      await writeAtomically(dir, `${key}${TYPE_SUFFIX}`, contentType);
      await writeAtomically(dir, key, bytes);
    },
    async get(key) {
      checkedKey(key);
      try {
        const bytes = await readFile(join(dir, key));
        const contentType = await readFile(join(dir, `${key}${TYPE_SUFFIX}`), "utf8").catch((error: unknown) => {
          if (isMissing(error)) return "application/octet-stream";
          throw error;
        });
        return { bytes, contentType };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async delete(key) {
      checkedKey(key);
      await rm(join(dir, key), { force: true });
      await rm(join(dir, `${key}${TYPE_SUFFIX}`), { force: true });
    },
  };
}

/** An S3-compatible bucket, reached with path-style URLs (`endpoint/bucket/key`), which every such service accepts. */
type S3Config = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** An object store that does not answer in this time is treated as down: the upload fails rather than hangs. */
const S3_TIMEOUT_MS = 30_000;

/**
 * Proofs in an S3-compatible bucket, each request signed with AWS Signature V4 (aws4fetch). An answer other than 2xx
 * (and 404 for a read or a delete) throws an Error naming the method, key and status, never the credentials.
 */
export function s3ProofStorage(config: S3Config, fetchImpl: typeof fetch = fetch): ProofStorage {
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: "s3",
    region: config.region,
  });
  const base = `${config.endpoint.replace(/\/+$/, "")}/${encodeURIComponent(config.bucket)}`;

  async function send(
    method: "PUT" | "GET" | "DELETE",
    key: string,
    init: { headers?: Record<string, string>; body?: Uint8Array<ArrayBuffer> } = {},
  ) {
    const url = `${base}/${checkedKey(key)}`;
    const request = await client.sign(url, { method, headers: init.headers, body: init.body });
    let response: Response;
    try {
      response = await fetchImpl(request, { signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
    } catch (error) {
      throw new Error(`Proof storage: ${method} ${key} failed: ${(error as Error).message}`, { cause: error });
    }
    return response;
  }

  async function refuse(method: string, key: string, response: Response): Promise<never> {
    // Read and dropped: the answer's XML may echo the request, and an unread body holds its connection.
    await response.body?.cancel().catch(() => {});
    throw new Error(`Proof storage: ${method} ${key} answered ${response.status}`);
  }

  return {
    async put(key, bytes, contentType) {
      // The payload's hash is signed too (not UNSIGNED-PAYLOAD), so the store refuses bytes changed on the way.
      const response = await send("PUT", key, {
        headers: {
          "Content-Type": contentType,
          "X-Amz-Content-Sha256": createHash("sha256").update(bytes).digest("hex"),
        },
        // A copy on its own ArrayBuffer: what fetch takes as a body (the caller's view may be of a shared one).
        body: new Uint8Array(bytes),
      });
      if (!response.ok) return refuse("PUT", key, response);
      await response.body?.cancel().catch(() => {});
    },
    async get(key) {
      const response = await send("GET", key);
      if (response.status === 404) {
        await response.body?.cancel().catch(() => {});
        return null;
      }
      if (!response.ok) return refuse("GET", key, response);
      const bytes = Buffer.from(await response.arrayBuffer());
      return { bytes, contentType: response.headers.get("content-type") ?? "application/octet-stream" };
    },
    async delete(key) {
      const response = await send("DELETE", key);
      if (!response.ok && response.status !== 404) return refuse("DELETE", key, response);
      await response.body?.cancel().catch(() => {});
    },
  };
}

/** The settings proofStorageFrom reads (env.ts checks them: all of S3_ENDPOINT, S3_BUCKET and the keys, or none). */
type ProofStorageSettings = {
  DATA_DIR: string;
  S3_ENDPOINT?: string;
  S3_BUCKET?: string;
  S3_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
};

/** The bucket when S3_BUCKET is set, otherwise files in DATA_DIR/proofs. */
export function proofStorageFrom(env: ProofStorageSettings): ProofStorage {
  if (!env.S3_BUCKET) return fileProofStorage(join(env.DATA_DIR, "proofs"));
  const { S3_ENDPOINT, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY } = env;
  if (!S3_ENDPOINT || !S3_ACCESS_KEY_ID || !S3_SECRET_ACCESS_KEY) {
    throw new Error("S3_BUCKET needs S3_ENDPOINT, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY as well");
  }
  return s3ProofStorage({
    endpoint: S3_ENDPOINT,
    bucket: env.S3_BUCKET,
    region: env.S3_REGION ?? "us-east-1",
    accessKeyId: S3_ACCESS_KEY_ID,
    secretAccessKey: S3_SECRET_ACCESS_KEY,
  });
}
