import { createHash, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Hash } from "@smithy/hash-node";
import { HttpRequest } from "@smithy/protocol-http";
import { SignatureV4 } from "@smithy/signature-v4";

// A stand-in for an S3-compatible bucket on 127.0.0.1: path-style PUT, GET and DELETE of objects kept in memory, each
// request's AWS Signature V4 checked against the one key pair it knows.

type StoredObject = { bytes: Buffer; contentType: string };
type Received = { method: string; path: string; status: number };

const AUTHORIZATION =
  /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/;
/** S3 refuses a request signed more than 15 minutes away from its own clock. */
const MAX_SKEW_MS = 15 * 60 * 1000;

function xmlError(res: ServerResponse, status: number, code: string) {
  res.statusCode = status;
  res.setHeader("Content-Type", "application/xml");
  res.end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
}

function amzDate(value: string): number {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(value);
  return m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : Number.NaN;
}

/**
 * Why a request's signature is not good, or null when it is: the credential scope must name this key, region and
 * service, and the signature must be what signing the same method, path, query and signed headers with the secret gives
 * (re-signed with the AWS SDK's SignatureV4, not with aws4fetch, which production signs with). The payload hash
 * header, when it is not UNSIGNED-PAYLOAD, must match the body.
 */
async function signatureProblem(
  req: IncomingMessage,
  body: Buffer,
  keys: { accessKeyId: string; secretAccessKey: string; region: string },
): Promise<string | null> {
  const match = AUTHORIZATION.exec(req.headers.authorization ?? "");
  if (!match) return "not an AWS4-HMAC-SHA256 Authorization header";
  const [, accessKeyId, day, region, service, signedHeaders = "", signature = ""] = match;
  if (accessKeyId !== keys.accessKeyId) return `unknown access key ${accessKeyId}`;
  if (region !== keys.region || service !== "s3") return `credential scope ${region}/${service}, not ${keys.region}/s3`;
  const datetime = String(req.headers["x-amz-date"] ?? "");
  if (datetime.slice(0, 8) !== day) return "X-Amz-Date is not the credential's day";
  if (!(Math.abs(Date.now() - amzDate(datetime)) <= MAX_SKEW_MS)) return "X-Amz-Date missing or too far from now";
  const payloadHash = String(req.headers["x-amz-content-sha256"] ?? "");
  if (!payloadHash) return "no X-Amz-Content-Sha256";
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== createHash("sha256").update(body).digest("hex")) {
    return "X-Amz-Content-Sha256 does not match the body";
  }
  const names = signedHeaders.split(";");
  if (!names.includes("host") || !names.includes("x-amz-date")) return "host and x-amz-date must be signed";
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = req.headers[name];
    if (typeof value === "string") headers[name] = value;
  }
  const url = new URL(req.url ?? "/", `http://${req.headers.host}`);
  // The query as S3 reads it: each parameter once, its value as sent.
  const query = Object.fromEntries(url.searchParams.entries());
  const request = new HttpRequest({
    method: req.method,
    protocol: "http:",
    hostname: url.hostname,
    port: url.port ? Number(url.port) : undefined,
    path: url.pathname,
    query,
    headers,
  });
  const signed = await signer(keys).sign(request, { signingDate: new Date(amzDate(datetime)) });
  const [, , , , , expectedHeaders = "", expected = ""] =
    AUTHORIZATION.exec(String(signed.headers.authorization ?? "")) ?? [];
  if (expectedHeaders !== signedHeaders) return `signed headers ${signedHeaders}, expected ${expectedHeaders}`;
  return timingSafeEqual(Buffer.from(expected, "hex"), Buffer.from(signature, "hex"))
    ? null
    : "signature does not match";
}

/**
 * AWS's own Signature V4 signer (the AWS SDK's), set as S3 reads a request: the path not encoded twice and the body's
 * hash the one the request names. Production signs with aws4fetch: checking with a signer of its own, the stand-in
 * cannot share a signing bug with it (issue 39).
 */
function signer(keys: { accessKeyId: string; secretAccessKey: string; region: string }) {
  return new SignatureV4({
    service: "s3",
    region: keys.region,
    credentials: { accessKeyId: keys.accessKeyId, secretAccessKey: keys.secretAccessKey },
    sha256: Hash.bind(null, "sha256"),
    uriEscapePath: false,
    applyChecksum: false,
  });
}

/**
 * The bucket. `refusals` lists why each refused request was refused; `answer(status)` makes the next request fail with
 * that status (a store in trouble).
 */
export async function startFakeS3(
  options: { bucket?: string; region?: string; accessKeyId?: string; secretAccessKey?: string } = {},
) {
  const keys = {
    accessKeyId: options.accessKeyId ?? "AKIAFAKEUNSCROLL",
    secretAccessKey: options.secretAccessKey ?? "fake-secret-for-tests",
    region: options.region ?? "us-east-1",
  };
  const bucket = options.bucket ?? "unscroll-proofs";
  const objects = new Map<string, StoredObject>();
  const received: Received[] = [];
  const refusals: string[] = [];
  let nextStatus: number | undefined;

  async function handle(req: IncomingMessage, res: ServerResponse, body: Buffer) {
    const path = new URL(req.url ?? "/", "http://fake").pathname;
    const problem = await signatureProblem(req, body, keys);
    if (problem) {
      refusals.push(problem);
      return xmlError(res, 403, "SignatureDoesNotMatch");
    }
    if (nextStatus !== undefined) {
      const status = nextStatus;
      nextStatus = undefined;
      return xmlError(res, status, "InternalError");
    }
    const [, bucketName, ...rest] = path.split("/");
    const key = decodeURIComponent(rest.join("/"));
    if (bucketName !== bucket) return xmlError(res, 404, "NoSuchBucket");
    if (!key) return xmlError(res, 400, "InvalidRequest");
    if (req.method === "PUT") {
      objects.set(key, { bytes: body, contentType: req.headers["content-type"] ?? "binary/octet-stream" });
      res.statusCode = 200;
      return res.end();
    }
    if (req.method === "GET") {
      const object = objects.get(key);
      if (!object) return xmlError(res, 404, "NoSuchKey");
      res.statusCode = 200;
      res.setHeader("Content-Type", object.contentType);
      return res.end(object.bytes);
    }
    if (req.method === "DELETE") {
      objects.delete(key);
      res.statusCode = 204;
      return res.end();
    }
    return xmlError(res, 405, "MethodNotAllowed");
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      handle(req, res, Buffer.concat(chunks))
        .catch(() => xmlError(res, 500, "InternalError"))
        .finally(() => received.push({ method: req.method ?? "", path: req.url ?? "", status: res.statusCode }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const config = { endpoint, bucket, ...keys };
  return {
    /** What s3ProofStorage takes. */
    config,
    /** The settings that point the app at this fake. */
    env: {
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: keys.region,
      S3_ACCESS_KEY_ID: keys.accessKeyId,
      S3_SECRET_ACCESS_KEY: keys.secretAccessKey,
    },
    objects,
    received,
    refusals,
    answer(status: number) {
      nextStatus = status;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeS3 = Awaited<ReturnType<typeof startFakeS3>>;
