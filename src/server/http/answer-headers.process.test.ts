import { existsSync, readFileSync, writeFileSync } from "node:fs";
import type { IncomingHttpHeaders } from "node:http";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Answer, realClient } from "#tests/support/real-client.ts";
import { startRealServer } from "#tests/support/real-server.ts";
import { STARTUP_MS } from "#tests/support/server-process.ts";

/**
 * Every kind of answer the server gives carries the headers it carried before the request path was made leaner
 * (issue 58, decision 0173): the same names, the same values byte for byte (the CSP, the protective headers, Vary,
 * Cache-Control, the cookies' attributes), through the server `npm start` runs. The expected headers were recorded
 * from the code before that change (`answer-headers.json` beside this file: without it, a run writes it and fails, so
 * record it from the code whose headers are the reference, e.g. a checkout of the commit before). What differs on every request is replaced by its shape: the request id, the page's nonce, the date, a
 * cookie's value and a body's length.
 */
const fixture = join(import.meta.dirname, "answer-headers.json");
const onPostgres = inject("testDb").kind === "postgres";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The headers with what changes per request replaced by its shape. */
function shapeOf(headers: IncomingHttpHeaders): Record<string, string | string[]> {
  const shaped: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(headers).sort(([a], [b]) => a.localeCompare(b))) {
    if (value === undefined || name === "date" || name === "content-length") continue;
    if (name === "x-request-id") shaped[name] = UUID.test(String(value)) ? "<uuid>" : String(value);
    else if (name === "content-security-policy")
      shaped[name] = String(value).replace(/'nonce-[A-Za-z0-9+/=]+'/, "'nonce-<nonce>'");
    else if (name === "set-cookie")
      shaped[name] = [value]
        .flat()
        .map((cookie) => cookie.replace(/^([^=]+)=[^;]+/, "$1=<value>").replace(/Expires=[^;]+/i, "Expires=<date>"));
    else shaped[name] = String(value);
  }
  return shaped;
}

describe(`every kind of answer keeps its headers (${onPostgres ? "PostgreSQL" : "PGlite"})`, () => {
  let running: Awaited<ReturnType<typeof startRealServer>>;
  let client: ReturnType<typeof realClient>;
  const page = `<!doctype html><html><head><script>1</script></head><body>${"<p>Escape the scroll.</p>".repeat(80)}</body></html>`;
  const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd" };

  beforeAll(async () => {
    running = await startRealServer("answer-headers", {}, page);
    client = running.client;
  }, STARTUP_MS * 2);
  afterAll(() => running?.close());

  it("sends each kind of answer the same headers as before, byte for byte", async () => {
    const { send, postJson, signedIn, origin } = client;
    const get = (path: string, headers: Record<string, string> = {}) => send(path, { headers }, false);
    const cookie = await signedIn("127.0.0.40");
    const asHim = { cookie, origin };
    const made = (await postJson("/api/calendar/feed", {}, { headers: { cookie } })).json() as {
      feed: { url: string };
    };
    const kinds: Record<string, Answer> = {
      "API JSON, small: GET /api/health": await get("/api/health"),
      "API JSON, small, from a browser: GET /api/me anonymous": await get("/api/me", BROWSER),
      "API JSON signed in, his offline copy's tag set: GET /api/me": await get("/api/me", asHim),
      "API JSON of 1 KB or more, compressed: GET /api/openapi.json": await get("/api/openapi.json", BROWSER),
      "API JSON of 1 KB or more, not compressed: GET /api/openapi.json": await get("/api/openapi.json"),
      "API refusal 401: GET /api/dashboard anonymous": await get("/api/dashboard"),
      "API refusal 400: a NUL in the query": await get("/api/me?name=%00"),
      "API refusal 403: a foreign page's POST": await send(
        "/api/me/delete",
        { method: "POST", headers: { origin: "https://evil.example", "content-type": "application/json" }, body: "{}" },
        false,
      ),
      "API 404: an unknown path": await get("/api/no-such-thing"),
      "the API's root without its slash": await get("/api"),
      "HEAD of an API answer": await send("/api/health", { method: "HEAD" }, false),
      "a route's own stricter headers: the calendar feed": await get(new URL(made.feed.url).pathname),
      "a page, compressed": await get("/", BROWSER),
      "a page, not compressed": await get("/dashboard"),
      "a partner's page that opens nothing": await get("/partner/view/no-such-token", BROWSER),
      "a file that is not there": await get("/assets/no-such-file.js"),
    };
    const shapes = Object.fromEntries(
      Object.entries(kinds).map(([kind, answer]) => [
        kind,
        { status: answer.status, headers: shapeOf(answer.headers) },
      ]),
    );
    if (!existsSync(fixture)) {
      writeFileSync(fixture, `${JSON.stringify(shapes, null, 2)}\n`);
      throw new Error(`no headers to compare with: recorded this code's in ${fixture}`);
    }
    expect(shapes).toEqual(JSON.parse(readFileSync(fixture, "utf8")));
  });
});
