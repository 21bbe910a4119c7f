import { brotliDecompressSync } from "node:zlib";
import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { sendRaw, servedOnLoopback } from "#tests/support/loopback.ts";
import { answerServing, frameOf } from "./answer-response.ts";

const frame = frameOf([
  ["Cache-Control", "no-store"],
  ["X-Frame-Options", "DENY"],
]);
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Milestone number ${i}` })) };

const app = new Hono();
// As the request frame does: the headers go to the answer Node writes for this very request.
app.use(async (c, next) => {
  await next();
  const answer = answerServing(c.env, c.req.raw);
  if (answer) {
    answer.requestId = "req-1";
    answer.frame = frame;
  }
});
app.get("/small", (c) => c.json({ status: "ok" }));
app.get("/own", (c) => c.json({ status: "ok" }, 200, { "cache-control": "private, max-age=60", "X-Powered-By": "x" }));
app.get("/big", (c) => c.json(big));
app.get("/image", (c) => c.body(new Uint8Array(2048), 200, { "Content-Type": "image/png" }));
app.get("/inner", (c) => c.json({ served: answerServing(c.env, c.req.raw) !== undefined }));
// A page's API call answered in-process, with the page's bindings (app.ts `inProcessApi`).
app.get("/outer", async (c) => {
  const inner = await app.fetch(new Request(new URL("/inner", c.req.url)), c.env);
  return c.json({ inner: await inner.json(), outer: answerServing(c.env, c.req.raw) !== undefined });
});

const served = servedOnLoopback(app.fetch);

const get = (path: string, headers: Record<string, string> = {}, method = "GET") =>
  sendRaw(served.port, path, { method, headers });

describe("the head Node writes for an answer (decision 0178)", () => {
  it("carries the frame's headers and the request id beside the answer's own", async () => {
    const small = await get("/small", { "accept-encoding": "br" });
    expect(small.headers["cache-control"]).toBe("no-store");
    expect(small.headers["x-frame-options"]).toBe("DENY");
    expect(small.headers["x-request-id"]).toBe("req-1");
    expect(small.headers["content-type"]).toBe("application/json");
    // Below 1 KB: as it is, yet marked as varying by encoding, as the compression middleware marked it.
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(small.body.toString())).toEqual({ status: "ok" });
  });

  it("keeps a header the answer set itself, whatever its case, and drops X-Powered-By", async () => {
    const own = await get("/own");
    expect(own.headers["cache-control"]).toBe("private, max-age=60");
    expect(own.headers["x-frame-options"]).toBe("DENY");
    expect(own.headers["x-powered-by"]).toBeUndefined();
  });

  it("compresses a large answer with the frame's headers on it, and not its HEAD", async () => {
    const compressed = await get("/big", { "accept-encoding": "gzip, br" });
    expect(compressed.headers["content-encoding"]).toBe("br");
    expect(compressed.headers["cache-control"]).toBe("no-store");
    expect(compressed.headers["x-request-id"]).toBe("req-1");
    expect(compressed.headers.vary).toBe("Accept-Encoding");
    expect(JSON.parse(brotliDecompressSync(compressed.body).toString())).toEqual(big);

    const head = await get("/big", { "accept-encoding": "br" }, "HEAD");
    expect(head.headers["content-encoding"]).toBeUndefined();
    expect(head.headers.vary).toBe("Accept-Encoding");
    expect(head.headers["x-frame-options"]).toBe("DENY");
  });

  it("neither compresses nor marks a type that does not compress", async () => {
    const image = await get("/image", { "accept-encoding": "br" });
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect(image.headers.vary).toBeUndefined();
    expect(image.body.length).toBe(2048);
  });

  it("gives an in-process call made with the page's bindings no hold on the page's head", async () => {
    const outer = await get("/outer");
    expect(JSON.parse(outer.body.toString())).toEqual({ inner: { served: false }, outer: true });
  });
});
