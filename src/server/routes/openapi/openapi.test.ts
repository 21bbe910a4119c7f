import { Hono } from "hono";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { documented, errorSchemaRef } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { createTestApp, PRODUCTION_TEST_ENV } from "#tests/support/test-app.ts";
import { openApiDocument } from "./openapi.routes.ts";

type Document = OpenAPIV3_1.Document;
const httpMethods = ["get", "put", "post", "patch", "delete"] as const;
type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/** What lives under /api but is not the API the document describes: the document itself, its page, the 404 answer. */
const notApi = [/^\/api\/openapi\.json$/, /^\/api\/reference(\/|$)/, /^\/api\/\*$/];

/** `/:id` and `/:file{regex}` as OpenAPI writes them: `/{id}`, `/{file}`. */
const openApiPath = (path: string) => path.replace(/\/:(\w+)(\{[^/]*\})?/g, "/{$1}");

/** Every route the app answers under /api (middleware left out) that the document lacks or leaves undescribed. */
function undocumentedRoutes(app: Hono<never> | { routes: { method: string; path: string }[] }, document: Document) {
  const missing = new Set<string>();
  for (const { method, path } of app.routes) {
    if (method === "ALL" || !path.startsWith("/api/") || notApi.some((pattern) => pattern.test(path))) continue;
    const verb = method.toLowerCase() as OpenAPIV3_1.HttpMethods;
    if (path.endsWith("/*")) {
      // A proxy (the auth guard): documented by the table of what it opens (routes/auth/auth-docs.test.ts).
      const prefix = path.slice(0, -1);
      const opened = Object.entries(document.paths ?? {}).filter(([p, item]) => p.startsWith(prefix) && item?.[verb]);
      if (opened.length === 0) missing.add(`${method} ${path}`);
      continue;
    }
    const operation = document.paths?.[openApiPath(path)]?.[verb];
    if (!operation?.summary || !operation.tags?.length) missing.add(`${method} ${path}`);
  }
  return [...missing];
}

let t: TestApp;
let document: Document;
beforeAll(async () => {
  t = await createTestApp();
  const response = await t.request("/api/openapi.json");
  expect(response.status).toBe(200);
  document = await response.json();
});
afterAll(() => t?.close());

describe("GET /api/openapi.json", () => {
  it("describes every route the server answers under /api, each with a summary and its area", () => {
    expect(undocumentedRoutes(t.app, document)).toEqual([]);
    expect(Object.keys(document.paths ?? {}).length).toBeGreaterThan(40);
  });

  it("names a route that is missing from the document (the check above can fail)", async () => {
    const api = new Hono()
      .get("/kept", documented({ tag: "Screens", summary: "Kept.", ok: { 200: "Kept" } }), (c) => c.json({}))
      .post("/forgotten/:id", validate("json", z.object({ a: z.string() })), (c) => c.json({}));
    const planted = new Hono().route("/api", api);
    const plantedDocument = await openApiDocument(api, { title: "Planted" });
    expect(undocumentedRoutes(planted, plantedDocument)).toEqual(["POST /api/forgotten/:id"]);
  });

  it("gives every success with a JSON body the schema of its shared contract", () => {
    const withoutSchema: string[] = [];
    const operationsWithBody = new Set<string>();
    for (const [path, item] of Object.entries(document.paths ?? {})) {
      for (const method of httpMethods) {
        for (const [status, response] of Object.entries(item?.[method]?.responses ?? {})) {
          const json = (response as OpenAPIV3_1.ResponseObject).content?.["application/json"];
          // No JSON body (a redirect, a 204, a photo), or a refusal: `{error}` of the catalog.
          if (!json || (json.schema as { $ref?: string } | undefined)?.$ref === errorSchemaRef.$ref) continue;
          if (Object.keys(json.schema ?? {}).length === 0) withoutSchema.push(`${method} ${path} ${status}`);
          else operationsWithBody.add(`${method} ${path}`);
        }
      }
    }
    expect(withoutSchema).toEqual([]);
    expect(operationsWithBody.size).toBeGreaterThan(60);
    const dashboard = document.paths?.["/api/dashboard"]?.get?.responses?.["200"] as OpenAPIV3_1.ResponseObject;
    expect(dashboard.content?.["application/json"]?.schema).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["firstName", "tokens", "mission", "challenges", "addChallenge"]),
    });
  });

  it("takes each request body from the route's own zod contract", () => {
    const patch = document.paths?.["/api/milestones/{id}"]?.patch;
    const body = patch?.requestBody as OpenAPIV3_1.RequestBodyObject;
    const schema = body.content["application/json"]?.schema as OpenAPIV3_1.SchemaObject;
    expect(Object.keys(schema.properties ?? {})).toEqual(
      expect.arrayContaining(["milestoneDescription", "milestoneDeadline", "milestoneCompleted"]),
    );
    expect(patch?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "id", in: "path" })]));
    const waitlist = document.paths?.["/api/community/waitlist"]?.post?.requestBody as OpenAPIV3_1.RequestBodyObject;
    expect(waitlist.content["application/json"]?.schema).toMatchObject({ required: expect.arrayContaining(["name"]) });
  });

  it("lists each route's refusals with the catalog's status and the message the user sees", () => {
    const todos = document.paths?.["/api/milestones/{id}/todos"]?.post?.responses ?? {};
    expect(Object.keys(todos).sort()).toEqual(["200", "201", "400", "401", "402", "403", "404", "413", "429", "502"]);
    expect((todos["402"] as OpenAPIV3_1.ResponseObject).description).toContain("Insufficient tokens");
    expect((todos["502"] as OpenAPIV3_1.ResponseObject).description).toContain(
      "Failed to generate todos. Please try again.",
    );
    // The app's own middleware refuses a foreign page's change and an oversized body on every such route, not on GETs;
    // Stripe's webhook has no origin check.
    expect((todos["403"] as OpenAPIV3_1.ResponseObject).description).toContain("request.foreignOrigin");
    expect((todos["413"] as OpenAPIV3_1.ResponseObject).description).toContain("request.tooLarge");
    expect(document.paths?.["/api/dashboard"]?.get?.responses?.["413"]).toBeUndefined();
    expect(document.paths?.["/api/billing/webhook"]?.post?.responses?.["403"]).toBeUndefined();
    const upload = document.paths?.["/api/milestones/{id}/proof"]?.post?.responses?.[
      "413"
    ] as OpenAPIV3_1.ResponseObject;
    expect(upload.description).toContain("proof.tooLarge");
    expect(upload.description).not.toContain("request.tooLarge");
    const signIn = document.paths?.["/api/auth/sign-in/email"]?.post?.responses?.["403"] as OpenAPIV3_1.ResponseObject;
    expect(signIn.description).toContain("better-auth");
    expect(signIn.description).toContain("request.foreignOrigin");
    // A signed-in route says so; the partner's page (no account) does not.
    expect(document.paths?.["/api/dashboard"]?.get?.security).toEqual([{ session: [] }]);
    expect(document.paths?.["/api/partner-view/{token}"]?.get?.security).toBeUndefined();
    expect(document.paths?.["/api/partner-view/{token}"]?.get?.responses?.["401"]).toBeUndefined();
  });

  it("answers the same refusal the document lists: a missing session is the catalog's 401", async () => {
    const documented401 = document.paths?.["/api/dashboard"]?.get?.responses?.["401"] as OpenAPIV3_1.ResponseObject;
    const response = await t.request("/api/dashboard");
    expect(response.status).toBe(401);
    expect(documented401.description).toContain((await response.json()).error);
  });
});

describe("GET /api/reference", () => {
  it("is the interactive reference of the document, loading only files of this server", async () => {
    const page = await t.request("/api/reference");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("/api/reference/swagger-ui-bundle.js");
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    const script = await t.request("/api/reference/swagger-ui-bundle.js");
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toContain("javascript");
    expect((await t.request("/api/reference/package.json")).status).toBe(404);
  });

  it("is not served in production, where the document stays", async () => {
    const production = await createTestApp(PRODUCTION_TEST_ENV);
    try {
      expect((await production.request("/api/reference")).status).toBe(404);
      expect((await production.request("/api/openapi.json")).status).toBe(200);
    } finally {
      await production.close();
    }
  });
});
