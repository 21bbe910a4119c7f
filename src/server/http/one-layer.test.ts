import { Hono, type MiddlewareHandler } from "hono";
import { describe, expect, it } from "vitest";
import { oneLayer, under } from "./one-layer.ts";

/** Records its name on the way in and out, as a guard that passes a request on does. */
const step =
  (name: string, seen: string[]): MiddlewareHandler =>
  async (_c, next) => {
    seen.push(`>${name}`);
    await next();
    seen.push(`<${name}`);
  };

describe("middlewares run as one layer (decision 0178)", () => {
  it("runs them in order around the route, as separate layers did", async () => {
    const seen: string[] = [];
    const app = new Hono().use(oneLayer(step("a", seen), step("b", seen))).get("/", (c) => {
      seen.push("route");
      return c.text("ok");
    });
    expect(await (await app.request("/")).text()).toBe("ok");
    expect(seen).toEqual([">a", ">b", "route", "<b", "<a"]);
  });

  it("ends with the answer of one that answers, and hands what one throws to the app's error handler", async () => {
    const seen: string[] = [];
    const app = new Hono()
      .use(
        oneLayer(
          step("a", seen),
          async (c, next) => (c.req.query("stop") ? c.text("stopped", 429) : next()),
          (c, next) => {
            if (c.req.query("throw")) throw new Error("refused");
            return next();
          },
        ),
      )
      .get("/", (c) => c.text("route"))
      .onError((err, c) => c.text(err.message, 400));
    const stopped = await app.request("/?stop=1");
    expect([stopped.status, await stopped.text()]).toEqual([429, "stopped"]);
    const thrown = await app.request("/?throw=1");
    expect([thrown.status, await thrown.text()]).toEqual([400, "refused"]);
    expect(await (await app.request("/")).text()).toBe("route");
  });

  it("runs a middleware `under` a prefix on the prefix and below it only", async () => {
    const seen: string[] = [];
    const app = new Hono().use(oneLayer(under("/api/auth", step("auth", seen)))).all("*", (c) => c.text(c.req.path));
    for (const path of ["/api/auth", "/api/auth/sign-in", "/api/authors", "/api/me"]) await app.request(path);
    expect(seen).toEqual([">auth", "<auth", ">auth", "<auth"]);
  });
});
