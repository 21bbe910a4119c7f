import type { MiddlewareHandler } from "hono";
import { describe, expect, it } from "vitest";
import { guardedRouter } from "./guarded-router.ts";
import { documented } from "./openapi.ts";

const pass: MiddlewareHandler = async (_c, next) => {
  await next();
};
const guard = { handlers: [pass], refusals: ["community.notAdmitted"] as const };
const doc = documented({ tag: "Community", summary: "Planted.", ok: { 200: "Planted" } });

describe("a guarded router (decision 0169)", () => {
  it("takes a route that starts with its documentation and puts the guard right after it", () => {
    const router = guardedRouter(guard).get("/kept", doc, (c) => c.json({}));
    const handlers = router.routes.map((r) => r.handler);
    expect(handlers).toHaveLength(3);
    expect(handlers[1]).toBe(pass);
  });

  it("refuses at registration a route without documented(...) first, or documented as public", () => {
    expect(() => guardedRouter(guard).get("/bare", (c) => c.json({}))).toThrow(/GET \/bare .*documented/);
    const open = documented({ tag: "Community", summary: "Open.", ok: { 200: "Open" }, public: true });
    expect(() => guardedRouter(guard).post("/open", open, (c) => c.json({}))).toThrow(/POST \/open .*public/);
  });

  it("refuses the ways to add a handler that would not pass the guard, or would reach routes beside it", () => {
    const router = guardedRouter(guard);
    expect(() => router.use(pass)).toThrow(/not \.use/);
    expect(() => router.all("/x", doc, pass)).toThrow(/not \.all/);
    expect(() => router.on("GET", "/x", doc, pass)).toThrow(/not \.on/);
    expect(() => router.route("/x", guardedRouter(guard))).toThrow(/not \.route/);
  });
});
