import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp } from "#tests/support/test-app.ts";
import { authEndpoints } from "./endpoints.ts";

let t: Awaited<ReturnType<typeof createTestApp>>;
let document: OpenAPIV3_1.Document;
beforeAll(async () => {
  t = await createTestApp();
  document = await (await t.request("/api/openapi.json")).json();
});
afterAll(() => t?.close());

describe("/api/auth/* in GET /api/openapi.json", () => {
  it("lists every endpoint the guard opens, from its table, and no other", () => {
    const listed = Object.entries(document.paths ?? {})
      .filter(([path]) => path.startsWith("/api/auth/"))
      .flatMap(([path, item]) => Object.keys(item ?? {}).map((method) => `${method.toUpperCase()} ${path}`));
    const opened = authEndpoints.map(({ method, path }) => `${method} /api/auth${path.replace(/:(\w+)/g, "{$1}")}`);
    expect(listed.sort()).toEqual(opened.sort());
  });

  it("describes sign-up with the guard's own contract and refusals", async () => {
    const signUp = document.paths?.["/api/auth/sign-up/email"]?.post;
    if (!signUp) throw new Error("sign-up is not in the document");
    const body = (signUp.requestBody as OpenAPIV3_1.RequestBodyObject).content["application/json"]?.schema;
    expect(body).toMatchObject({ properties: { email: {}, password: {}, firstName: {}, acceptTerms: {} } });
    expect(Object.keys(signUp.responses ?? {}).sort()).toEqual(["200", "400", "403", "413", "429", "503"]);
    // The 429 the document lists is the one the guard answers.
    const tooMany = signUp.responses?.["429"] as OpenAPIV3_1.ResponseObject | undefined;
    const described = tooMany?.description;
    expect(described).toContain("Too many attempts");
    const link = document.paths?.["/api/auth/verify-email"]?.get;
    expect(link?.responses?.["302"]).toBeDefined();
    expect(link?.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ name: "token", in: "query" })]));
  });

  it("answers a path outside the table with 404, as the document implies", async () => {
    expect(document.paths?.["/api/auth/update-user"]).toBeUndefined();
    expect((await t.request("/api/auth/update-user", { body: { name: "x" } })).status).toBe(404);
  });
});
