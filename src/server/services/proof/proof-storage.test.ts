import { mkdtemp, readdir, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DeleteObjectCommand, GetObjectCommand, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type FakeS3, startFakeS3 } from "#tests/support/fake-s3.ts";
import { fileProofStorage, type ProofStorage, proofStorageFrom, s3ProofStorage } from "./proof-storage.ts";

const photo = Buffer.from([0x52, 0x49, 0x46, 0x46, 1, 2, 3, 0, 255, 128]);
const badKeys = [
  "../secret",
  "a/b",
  "",
  ".hidden",
  "UPPER.webp",
  "a..b",
  "a.b.c",
  "photo.webp/",
  "a\0b",
  "-x",
  "x".repeat(200),
];

/** What both kinds of storage must do alike. */
function behavesAsProofStorage(storage: () => ProofStorage) {
  it("gives back what was put, with its content type, until it is deleted", async () => {
    await storage().put("0190a1b2-c3d4.webp", photo, "image/webp");
    expect(await storage().get("0190a1b2-c3d4.webp")).toEqual({ bytes: photo, contentType: "image/webp" });

    await storage().put("0190a1b2-c3d4.webp", Buffer.from("second"), "image/webp");
    expect((await storage().get("0190a1b2-c3d4.webp"))?.bytes.toString()).toBe("second");

    await storage().delete("0190a1b2-c3d4.webp");
    expect(await storage().get("0190a1b2-c3d4.webp")).toBeNull();
  });

  it("answers null for a key that holds nothing, and deletes it without complaint", async () => {
    expect(await storage().get("never-stored")).toBeNull();
    await expect(storage().delete("never-stored")).resolves.toBeUndefined();
  });

  it("refuses a key that is not a plain name, before touching anything", async () => {
    for (const key of badKeys) {
      await expect(storage().put(key, photo, "image/webp"), key).rejects.toThrow(/Not a proof storage key/);
      await expect(storage().get(key), key).rejects.toThrow(/Not a proof storage key/);
      await expect(storage().delete(key), key).rejects.toThrow(/Not a proof storage key/);
    }
  });
}

describe("fileProofStorage", () => {
  let parent: string;
  let dir: string;
  beforeEach(async () => {
    parent = await mkdtemp(join(tmpdir(), "unscroll-proofs-"));
    dir = join(parent, "data", "proofs");
  });
  afterEach(() => rm(parent, { recursive: true, force: true }));

  behavesAsProofStorage(() => fileProofStorage(dir));

  it("keeps proofs readable by the server's user only, and leaves no temporary file", async () => {
    const storage = fileProofStorage(dir);
    await storage.put("a1.webp", photo, "image/webp");
    expect((await stat(dir)).mode & 0o777).toBe(0o700);
    const files = await readdir(dir);
    expect(files.sort()).toEqual(["a1.webp", "a1.webp.content-type"]);
    for (const file of files) expect((await stat(join(dir, file))).mode & 0o777).toBe(0o600);
  });

  it("stores nothing outside its folder for a key that tries to leave it", async () => {
    await expect(fileProofStorage(dir).put("../escape", photo, "image/webp")).rejects.toThrow();
    expect(await readdir(parent)).toEqual([]);
  });

  it("takes many writes of one key at once and keeps one whole file", async () => {
    const storage = fileProofStorage(dir);
    const versions = Array.from({ length: 20 }, (_, i) => Buffer.alloc(64 * 1024, i));
    await Promise.all(versions.map((bytes) => storage.put("same.webp", bytes, "image/webp")));
    const kept = await storage.get("same.webp");
    expect(versions.some((bytes) => kept?.bytes.equals(bytes))).toBe(true);
    expect((await readdir(dir)).sort()).toEqual(["same.webp", "same.webp.content-type"]);
  });
});

describe("s3ProofStorage against a local S3", () => {
  let s3: FakeS3;
  beforeAll(async () => {
    s3 = await startFakeS3();
  });
  afterAll(() => s3.close());
  afterEach(() => {
    s3.objects.clear();
    s3.refusals.length = 0;
  });

  behavesAsProofStorage(() => s3ProofStorage(s3.config));

  it("puts objects path-style in the bucket, signed, with their content type", async () => {
    await s3ProofStorage({ ...s3.config, endpoint: `${s3.config.endpoint}/` }).put("p1.webp", photo, "image/webp");
    expect(s3.objects.get("p1.webp")).toEqual({ bytes: photo, contentType: "image/webp" });
    expect(s3.received.at(-1)).toEqual({ method: "PUT", path: `/${s3.config.bucket}/p1.webp`, status: 200 });
    expect(s3.refusals).toEqual([]);
  });

  it("throws, naming the status but never the secret, when the store refuses the signature", async () => {
    const storage = s3ProofStorage({ ...s3.config, secretAccessKey: "wrong-secret" });
    const failure = await storage.put("p2.webp", photo, "image/webp").catch((error: Error) => error);
    expect(failure).toBeInstanceOf(Error);
    expect((failure as Error).message).toBe("Proof storage: PUT p2.webp answered 403");
    expect(s3.refusals).toEqual(["signature does not match"]);
    expect(s3.objects.size).toBe(0);
    await expect(storage.get("p2.webp")).rejects.toThrow(/answered 403/);

    const otherKey = s3ProofStorage({ ...s3.config, accessKeyId: "AKIAOTHER" });
    await expect(otherKey.put("p2.webp", photo, "image/webp")).rejects.toThrow(/answered 403/);
    const otherRegion = s3ProofStorage({ ...s3.config, region: "eu-central-1" });
    await expect(otherRegion.put("p2.webp", photo, "image/webp")).rejects.toThrow(/answered 403/);
    expect(s3.refusals.slice(2)).toEqual([
      "unknown access key AKIAOTHER",
      "credential scope eu-central-1/s3, not us-east-1/s3",
    ]);
  });

  it("signs the payload: bytes changed on the way are refused", async () => {
    const tampering: typeof fetch = async (input, init) => {
      const request = input as Request;
      const headers = new Headers(request.headers);
      return fetch(request.url, {
        method: request.method,
        headers,
        body: Buffer.from("changed"),
        signal: init?.signal,
      });
    };
    await expect(s3ProofStorage(s3.config, tampering).put("p3.webp", photo, "image/webp")).rejects.toThrow(
      /answered 403/,
    );
    expect(s3.refusals).toEqual(["X-Amz-Content-Sha256 does not match the body"]);
  });

  /** AWS's own client, which signs with its own code: what a real S3 accepts, the stand-in must accept too (issue 39). */
  function awsClient(secretAccessKey = s3.config.secretAccessKey) {
    return new S3Client({
      endpoint: s3.config.endpoint,
      region: s3.config.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.config.accessKeyId, secretAccessKey },
      // The SDK's default CRC32 checksums are an S3 extension the stand-in does not check; the signature is what counts.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
    });
  }

  it("answers AWS's own SDK as S3 would: its signed requests pass, one signed with the wrong secret does not", async () => {
    const client = awsClient();
    const bucket = s3.config.bucket;
    await client.send(
      new PutObjectCommand({ Bucket: bucket, Key: "sdk.webp", Body: photo, ContentType: "image/webp" }),
    );
    expect(s3.refusals).toEqual([]);
    // What the SDK stored, production's signer reads back, and the other way round.
    expect(await s3ProofStorage(s3.config).get("sdk.webp")).toEqual({ bytes: photo, contentType: "image/webp" });
    await s3ProofStorage(s3.config).put("ours.webp", photo, "image/webp");
    const ours = await client.send(new GetObjectCommand({ Bucket: bucket, Key: "ours.webp" }));
    expect(Buffer.from(await ours.Body!.transformToByteArray())).toEqual(photo);
    await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: "sdk.webp" }));
    expect(s3.objects.has("sdk.webp")).toBe(false);
    expect(s3.refusals).toEqual([]);

    await expect(
      awsClient("wrong-secret").send(new PutObjectCommand({ Bucket: bucket, Key: "no.webp", Body: photo })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
    expect(s3.refusals).toEqual(["signature does not match"]);
    expect(s3.objects.has("no.webp")).toBe(false);
  });

  it("throws on a store in trouble, and when the store cannot be reached", async () => {
    s3.answer(503);
    await expect(s3ProofStorage(s3.config).get("p4.webp")).rejects.toThrow("Proof storage: GET p4.webp answered 503");
    s3.answer(500);
    await expect(s3ProofStorage(s3.config).delete("p4.webp")).rejects.toThrow(/answered 500/);
    const unreachable = s3ProofStorage({ ...s3.config, endpoint: "http://127.0.0.1:9" });
    const failure = await unreachable.put("p4.webp", photo, "image/webp").catch((error: Error) => error);
    expect((failure as Error).message).toMatch(/^Proof storage: PUT p4.webp failed/);
    expect((failure as Error).message).not.toContain(s3.config.secretAccessKey);
  });
});

describe("proofStorageFrom", () => {
  it("uses DATA_DIR/proofs without S3_BUCKET, and the bucket with it", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "unscroll-data-"));
    const s3 = await startFakeS3();
    try {
      await proofStorageFrom({ DATA_DIR: dataDir }).put("f1.webp", photo, "image/webp");
      expect(await readdir(join(dataDir, "proofs"))).toContain("f1.webp");

      await proofStorageFrom({ DATA_DIR: dataDir, ...s3.env }).put("b1.webp", photo, "image/webp");
      expect(s3.objects.get("b1.webp")?.bytes).toEqual(photo);
      expect(await readdir(join(dataDir, "proofs"))).not.toContain("b1.webp");

      expect(() => proofStorageFrom({ DATA_DIR: dataDir, S3_BUCKET: "b" })).toThrow(/S3_ENDPOINT/);
    } finally {
      await s3.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
