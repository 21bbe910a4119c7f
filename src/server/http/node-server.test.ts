import { Agent } from "node:http";
import { brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { getConnInfo } from "@hono/node-server/conninfo";
import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { describe, expect, it } from "vitest";
import { type RawAnswer, sendRaw, servedOnLoopback } from "#tests/support/loopback.ts";

const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, title: `Milestone number ${i}` })) };
const page = `<!doctype html><html><body>${"<p>Escape the scroll.</p>".repeat(100)}</body></html>`;
const precompressed = gzipSync("console.log('already small');".repeat(100));

const app = new Hono()
  .get("/small", (c) => c.json({ status: "ok" }))
  .get("/big", (c) => c.json(big))
  .get("/page", (c) => c.html(page))
  .get("/no-transform", (c) => c.json(big, 200, { "Cache-Control": "no-transform" }))
  .get("/peer", (c) => c.json({ address: getConnInfo(c).remote.address }))
  .post("/upload", bodyLimit({ maxSize: 1024, onError: (c) => c.json({ error: "too large" }, 413) }), async (c) =>
    c.json({ bytes: (await c.req.text()).length }),
  )
  .get("/asset.js", (c) =>
    c.body(precompressed, 200, { "Content-Type": "text/javascript", "Content-Encoding": "gzip" }),
  );

const served = servedOnLoopback(app.fetch);

/** A request that shows the bytes as sent: fetch would decompress them and hide the encoding. */
function get(path: string, acceptEncoding?: string, method = "GET"): Promise<RawAnswer> {
  return sendRaw(served.port, path, { method, headers: acceptEncoding ? { "accept-encoding": acceptEncoding } : {} });
}

describe("the HTTP server's compression", () => {
  it("sends answers of 1 KB or more in brotli or gzip, as the browser accepts, with the same content", async () => {
    const brotli = await get("/big", "gzip, deflate, br");
    expect(brotli.headers["content-encoding"]).toBe("br");
    expect(brotli.headers.vary).toMatch(/Accept-Encoding/i);
    expect(JSON.parse(brotliDecompressSync(brotli.body).toString())).toEqual(big);
    expect(brotli.body.length).toBeLessThan(JSON.stringify(big).length / 3);

    const gzip = await get("/big", "gzip");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gzip.body).toString())).toEqual(big);

    const html = await get("/page", "br");
    expect(html.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(html.body).toString()).toBe(page);
  });

  it("sends the answer as it is to a client that accepts no encoding", async () => {
    const plain = await get("/big");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toEqual(big);
  });

  it("leaves small answers, HEAD requests, no-transform answers and precompressed files as they are", async () => {
    const small = await get("/small", "gzip, br");
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.headers["content-length"]).toBe(String(small.body.length));
    expect(JSON.parse(small.body.toString())).toEqual({ status: "ok" });

    const head = await get("/big", "gzip, br", "HEAD");
    expect(head.status).toBe(200);
    expect(head.headers["content-encoding"]).toBeUndefined();

    const kept = await get("/no-transform", "gzip, br");
    expect(kept.headers["content-encoding"]).toBeUndefined();

    const asset = await get("/asset.js", "gzip, br");
    expect(asset.headers["content-encoding"]).toBe("gzip");
    expect(asset.body.equals(precompressed)).toBe(true);
  });
});

describe("the HTTP server's connection to the app", () => {
  it("gives the app the client's socket, so per-address limits know who is asking (issue 24 #1)", async () => {
    const answer = await sendRaw(served.port, "/peer", { from: "127.0.0.9" });
    expect(JSON.parse(answer.body.toString())).toEqual({ address: "127.0.0.9" });
  });

  it("answers the next request on a kept-alive connection after refusing a body it never read (issue 24 #3)", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const refused = await sendRaw(served.port, "/upload", {
        method: "POST",
        body: "x".repeat(2 * 1024 * 1024),
        agent,
      });
      expect(refused.status).toBe(413);
      const next = await sendRaw(served.port, "/upload", { method: "POST", body: "small", agent });
      expect(next.status).toBe(200);
      expect(next.reusedSocket).toBe(true);
      expect(JSON.parse(next.body.toString())).toEqual({ bytes: 5 });
    } finally {
      agent.destroy();
    }
  });
});
