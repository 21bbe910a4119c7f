import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { validate } from "./validation.ts";

/** A route that validates `schema` in `target`, answering 400 with the message, as the app's error handler does. */
function route(target: "form" | "json", schema: z.ZodType) {
  return new Hono()
    .post("/", validate(target, schema), (c) => c.json({}))
    .onError((error, c) => c.json({ error: error.message }, 400));
}

async function refusal(app: Hono, body: BodyInit, type?: string) {
  const response = await app.request("/", { method: "POST", body, headers: type ? { "content-type": type } : {} });
  expect(response.status).toBe(400);
  return ((await response.json()) as { error: string }).error;
}

describe("validate", () => {
  it("names the field a multipart form left out, where zod's own words would name none", async () => {
    const body = new FormData();
    body.append("minutes", "5");
    expect(await refusal(route("form", z.object({ notes: z.string(), minutes: z.string() })), body)).toBe(
      "notes is required.",
    );
  });

  it("names a field of the wrong type, and keeps a schema's own message", async () => {
    const list = route("json", z.object({ list: z.array(z.string()) }));
    expect(await refusal(list, JSON.stringify({ list: "a" }), "application/json")).toBe("list must be an array.");
    const own = route("json", z.object({ name: z.string({ error: "Name is required" }) }));
    expect(await refusal(own, JSON.stringify({ name: 5 }), "application/json")).toBe("Name is required");
  });
});
