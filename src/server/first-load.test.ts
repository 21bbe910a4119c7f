import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDirectory, ensureBuild } from "#scripts/ensure-build.ts";
import { routePreloads } from "./route-preloads.ts";

/**
 * What a phone evaluates before the dashboard answers a tap (issue 37, decision 0140), read from the real build: the
 * scripts of its route and everything they import. Building zod's schemas as those modules ran was about half of that
 * evaluation, on every visit, for the two forms on the page that check with them.
 */
describe("the dashboard's first load", () => {
  let scripts: Array<{ url: string; code: string }>;

  beforeAll(() => {
    // The build `npm test` made before the server tests; made here when this file runs on its own.
    ensureBuild();
    const client = join(buildDirectory(), "client");
    const manifest = readdirSync(join(client, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
    if (!manifest) throw new Error("the build has no route manifest");
    const urls = routePreloads(readFileSync(join(client, "assets", manifest), "utf8"))("/dashboard");
    scripts = urls.map((url) => ({ url, code: readFileSync(join(client, url), "utf8") }));
  }, 180_000);

  it("names the dashboard's own scripts", () => {
    expect(scripts.some(({ url }) => /\/home-main-[\w-]+\.js$/.test(url))).toBe(true);
  });

  it("loads no zod: the words come from zod-free modules, and the forms load their schemas when first checked", () => {
    expect(scripts.filter(({ code }) => code.includes("$ZodType")).map(({ url }) => url)).toEqual([]);
  });

  it("starts the worker that reads the browser's time zone off the main thread, a script of its own", () => {
    const worker = scripts.map(({ code }) => /\/assets\/time-zone\.worker-[\w-]+\.js/.exec(code)?.[0]).find(Boolean);
    expect(worker).toBeDefined();
    expect(readFileSync(join(buildDirectory(), "client", worker ?? ""), "utf8")).toContain(
      "resolvedOptions().timeZone",
    );
  });
});
