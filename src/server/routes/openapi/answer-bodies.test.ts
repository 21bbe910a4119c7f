import type { AddressInfo } from "node:net";
import { type ServerType, serve } from "@hono/node-server";
import { Hono } from "hono";
import { afterAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { documented } from "#server/http/openapi.ts";
import { recordAnswers } from "#tests/support/answered-statuses.ts";
import { realClient } from "#tests/support/real-client.ts";
import { openApiRoutes } from "./openapi.routes.ts";

/**
 * The test app checks every JSON answer of a documented route against the schema its entry in GET /api/openapi.json
 * gives for that status, strictly (issue 57 row 7, decision 0171). Here on a planted app whose routes answer what
 * their entries do not say: each such request fails, naming what was asked, the status and where the body differs.
 */

const item = z.object({ id: z.string(), name: z.string(), tags: z.record(z.string(), z.number()) });

function plantedRoutes(answer: unknown, refusal: unknown) {
  const api = new Hono()
    .get(
      "/items/:id",
      documented({ tag: "Screens", summary: "One item.", ok: { 200: { description: "The item.", body: item } } }),
      (c) => (c.req.param("id") === "gone" ? c.json(refusal, 401) : c.json(answer as never)),
    )
    .get(
      "/items/:id/page",
      documented({ tag: "Screens", summary: "Its page.", public: true, ok: { 302: "To the item's page." } }),
      // As better-auth's redirects came: `null` as JSON beside the Location.
      () => new Response("null", { status: 302, headers: { location: "/items", "content-type": "application/json" } }),
    );
  return new Hono().route("/api", api).route("/api", openApiRoutes(api, { title: "Planted", reference: false }));
}

function plantedApp(answer: unknown, refusal: unknown = { error: "Not here." }) {
  const app = plantedRoutes(answer, refusal);
  recordAnswers(app as never);
  return app;
}

const servers: ServerType[] = [];
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

/** The planted routes on a socket, for the process tests' client (tests/support/real-client.ts). */
async function plantedServer(answer: unknown) {
  const server = await new Promise<ServerType>((resolve) => {
    const s = serve(
      { fetch: plantedRoutes(answer, { error: "Not here." }).fetch, hostname: "127.0.0.1", port: 0 },
      () => resolve(s),
    );
  });
  servers.push(server);
  return realClient((server.address() as AddressInfo).port, { mails: [] });
}

const good = { id: "a1", name: "Run", tags: { morning: 1, long: 2 } };

describe("every JSON answer is checked against its documented schema (decision 0171)", () => {
  it("lets through a body that is what the schema says, a record's own keys included", async () => {
    const response = await plantedApp(good).request("/api/items/a1");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(good);
  });

  it("fails a request whose answer carries a key the schema does not name (a leaked column)", async () => {
    const leaked = plantedApp({ ...good, passwordHash: "$argon2id$…" });
    await expect(leaked.request("/api/items/a1")).rejects.toThrow(
      "GET /api/items/a1 answered 200 with a body GET /api/items/{id} 200 in GET /api/openapi.json does not allow: /passwordHash: a key the schema does not name",
    );
  });

  it("names the first JSON path that differs, deep in the body", async () => {
    const app = plantedApp({ ...good, tags: { morning: "early" } });
    await expect(app.request("/api/items/a1")).rejects.toThrow(
      /answered 200 .* does not allow: \/tags\/morning: must be number/,
    );
  });

  it("checks refusals too: `{error}` and nothing else", async () => {
    const app = plantedApp(good, { error: "Not here.", stack: "at items.ts:12" });
    await expect(app.request("/api/items/gone")).rejects.toThrow(
      "GET /api/items/gone answered 401 with a body GET /api/items/{id} 401 in GET /api/openapi.json does not allow: /stack: a key the schema does not name",
    );
    // The catalog's code beside the message is part of the schema (the screens tell some refusals apart by it).
    expect((await plantedApp(good, { error: "Not here.", code: "GONE" }).request("/api/items/gone")).status).toBe(401);
  });

  it("fails a JSON body where the entry lists none (a redirect, a 204)", async () => {
    await expect(plantedApp(good).request("/api/items/a1/page")).rejects.toThrow(
      "GET /api/items/a1/page answered 302 with a JSON body, where GET /api/items/{id}/page 302 in GET /api/openapi.json lists none",
    );
  });

  it("checks the answers the process tests get over a socket the same way", async () => {
    expect((await (await plantedServer(good)).send("/api/items/a1")).status).toBe(200);
    const leaked = await plantedServer({ ...good, passwordHash: "$argon2id$…" });
    await expect(leaked.send("/api/items/a1")).rejects.toThrow(
      "GET /api/items/a1 answered 200 with a body GET /api/items/{id} 200 in GET /api/openapi.json does not allow: /passwordHash: a key the schema does not name",
    );
  });
});
