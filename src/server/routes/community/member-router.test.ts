import { randomUUID } from "node:crypto";
import { Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv } from "#server/context.ts";
import { answerFor, errorHandler } from "#server/http/errors.ts";
import { documented } from "#server/http/openapi.ts";
import { DomainError, type DomainErrorCode } from "#server/services/domain-error.ts";
import { admittedMember, suspendedMember } from "#tests/support/community-members.ts";
import { createTestApp, type TestApp, type TestUser } from "#tests/support/test-app.ts";
import { memberRouter, requireMember } from "./member-router.ts";

/**
 * Decision 0169: what only members reach is registered on a `memberRouter()`, which puts the guard on every route it
 * holds and lists the guard's refusals in each route's entry of the API document. These tests walk every route of
 * the app that carries the guard, so a route added to a member router is covered without being named here.
 */

type Document = OpenAPIV3_1.Document;

/** The catalog's status and message for a refusal, and how the document names it: "`message` (code)". */
function refusal(code: DomainErrorCode) {
  const { status, message } = answerFor(new DomainError(code));
  return { status, body: { error: message }, documented: `\`${message}\` (${code})` };
}
const signedOut = refusal("auth.sessionRequired");
const notAdmitted = refusal("community.notAdmitted");
const suspended = refusal("community.suspended");

/** `/:id` as OpenAPI writes it. */
const openApiPath = (path: string) => path.replace(/\/:(\w+)/g, "/{$1}");

/** Every "METHOD /path" of `app` one of whose handlers is the member guard. */
function guardedRoutes(app: { routes: { method: string; path: string; handler: unknown }[] }) {
  const routes = app.routes.filter((r) => r.method !== "ALL" && r.handler === requireMember);
  return [...new Set(routes.map((r) => `${r.method} ${r.path}`))];
}

/** Every "METHOD /path" whose entry in the document lists the refusal of a man not let in yet. */
function documentedAsMembersOnly(document: Document) {
  const routes: string[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of ["get", "put", "post", "patch", "delete"] as const) {
      const forbidden = item?.[method]?.responses?.["403"] as OpenAPIV3_1.ResponseObject | undefined;
      if (forbidden?.description.includes("(community.notAdmitted)")) routes.push(`${method.toUpperCase()} ${path}`);
    }
  }
  return routes;
}

function documentedRefusals(document: Document, method: string, path: string) {
  const operation = document.paths?.[openApiPath(path)]?.[method.toLowerCase() as OpenAPIV3_1.HttpMethods];
  const responses = (operation?.responses ?? {}) as Record<string, OpenAPIV3_1.ResponseObject>;
  return { 401: responses["401"]?.description ?? "", 403: responses["403"]?.description ?? "" };
}

let t: TestApp;
let document: Document;
let waiting: TestUser;
let wasSuspended: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  document = await (await t.request("/api/openapi.json")).json();
  waiting = await t.createUser({ firstName: "Wanda" });
  wasSuspended = await admittedMember(t, "Sven");
  await suspendedMember(t, wasSuspended);
});
afterAll(() => t?.close());

describe("the member router (decision 0169)", () => {
  it("guards exactly the routes the document says are for members only", () => {
    const guarded = guardedRoutes(t.app);
    expect(guarded.length).toBeGreaterThanOrEqual(15);
    expect(guarded.every((route) => route.split(" ")[1]?.startsWith("/api/community/"))).toBe(true);
    const documented = documentedAsMembersOnly(document);
    expect(guarded.map((route) => route.replace(/\/:(\w+)/g, "/{$1}")).sort()).toEqual(documented.sort());
  });

  it("answers every guarded route signed out, before admission and when suspended as its entry documents", async () => {
    for (const route of guardedRoutes(t.app)) {
      const [method = "GET", pattern = ""] = route.split(" ");
      // Any id and an empty body: the guard answers before the route reads either.
      const path = pattern.replace(/:(\w+)/g, randomUUID());
      const body = method === "GET" ? undefined : {};
      const refusals = documentedRefusals(document, method, pattern);
      for (const [who, cookie, expected] of [
        ["signed out", undefined, signedOut],
        ["not let in yet", waiting.cookie, notAdmitted],
        ["suspended", wasSuspended.cookie, suspended],
      ] as const) {
        const response = await t.request(path, { method, cookie, body });
        expect(response.status, `${route} ${who}`).toBe(expected.status);
        expect(await response.json(), `${route} ${who}`).toEqual(expected.body);
        expect(refusals[expected.status as 401 | 403], `${route}: its document lists the answer`).toContain(
          expected.documented,
        );
      }
    }
  });

  it("guards and documents a route added to a member router that names neither", async () => {
    const planted = memberRouter().get(
      "/planted",
      documented({ tag: "Community", summary: "Planted.", ok: { 200: "Opened" } }),
      (c) => c.json({ opened: true }, 200),
    );
    // The real guard in an app of its own: the session is whoever the header names (none without it).
    const app = new Hono<AppEnv>()
      .use(async (c, next) => {
        const id = c.req.header("x-user");
        c.set("deps", t.deps);
        c.set("user", id ? ({ id } as AppEnv["Variables"]["user"]) : null);
        await next();
      })
      .route("/api", planted);
    app.onError(errorHandler(t.deps.logger));
    const ask = async (user?: TestUser) => {
      const response = await app.request("/api/planted", { headers: user ? { "x-user": user.id } : {} });
      return { status: response.status, body: await response.json() };
    };
    expect(await ask()).toEqual({ status: signedOut.status, body: signedOut.body });
    expect(await ask(waiting)).toEqual({ status: notAdmitted.status, body: notAdmitted.body });
    expect(await ask(wasSuspended)).toEqual({ status: suspended.status, body: suspended.body });
    expect(await ask(await admittedMember(t, "Mia"))).toEqual({ status: 200, body: { opened: true } });

    const plantedDocument = (await generateSpecs(new Hono().route("/api", planted))) as Document;
    const refusals = documentedRefusals(plantedDocument, "GET", "/api/planted");
    expect(refusals[401]).toBe(signedOut.documented);
    expect(refusals[403]).toBe(`${notAdmitted.documented}; ${suspended.documented}`);
  });
});
