import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { buildDirectory, ensureBuild } from "#scripts/ensure-build.ts";
import { routePreloads } from "./route-preloads.ts";

/*
 * Read from the real build (issue 37, decisions 0140 and 0141): the scripts of a route and everything they import.
 * Building zod's schemas as those modules ran was about half of a screen's start-up work on a phone, on every visit,
 * for forms most visits never send.
 */
/** Every screen a signed-in man opens, and the page his accountability partner opens (issue 37). */
const signedInScreens = [
  "/dashboard",
  "/dashboard/results",
  "/dashboard/settings",
  "/dashboard/premium",
  "/dashboard/community",
  "/dashboard/profile",
  "/dashboard/help",
  "/partner/view/a-partner-link",
];

describe("what a phone evaluates before a signed-in screen answers a tap", () => {
  let client: string;
  let scriptsOf: (path: string) => Array<{ url: string; code: string }>;

  beforeAll(() => {
    // The build `npm test` made before the server tests; made here when this file runs on its own.
    ensureBuild();
    client = join(buildDirectory(), "client");
    const manifest = readdirSync(join(client, "assets")).find((name) => /^manifest-[\w-]+\.js$/.test(name));
    if (!manifest) throw new Error("the build has no route manifest");
    const preloads = routePreloads(readFileSync(join(client, "assets", manifest), "utf8"));
    scriptsOf = (path) => preloads(path).map((url) => ({ url, code: readFileSync(join(client, url), "utf8") }));
  }, 180_000);

  it("names each screen's own scripts", () => {
    expect(scriptsOf("/dashboard").some(({ url }) => /\/home-main-[\w-]+\.js$/.test(url))).toBe(true);
    expect(scriptsOf("/dashboard/profile").some(({ url }) => /\/profile-main-[\w-]+\.js$/.test(url))).toBe(true);
  });

  it.each(signedInScreens)(
    "%s loads no zod: the words come from zod-free modules, and the forms load their schemas when first used",
    (path) => {
      expect(
        scriptsOf(path)
          .filter(({ code }) => code.includes("$ZodType"))
          .map(({ url }) => url),
      ).toEqual([]);
    },
  );

  it("loads the community's word list only when he writes, not with the feed", () => {
    const wordList = (code: string) => code.includes("whitelistedTerms");
    expect(scriptsOf("/dashboard/community").filter(({ code }) => wordList(code))).toEqual([]);
  });

  it("starts the worker that reads the browser's time zone off the main thread, a script of its own", () => {
    const worker = scriptsOf("/dashboard")
      .map(({ code }) => /\/assets\/time-zone\.worker-[\w-]+\.js/.exec(code)?.[0])
      .find(Boolean);
    expect(worker).toBeDefined();
    expect(readFileSync(join(client, worker ?? ""), "utf8")).toContain("resolvedOptions().timeZone");
  });
});
