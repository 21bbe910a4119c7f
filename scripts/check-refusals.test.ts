import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";

/** A document of two operations, as GET /api/openapi.json describes them. */
const document = {
  openapi: "3.1.0",
  info: { title: "planted", version: "1" },
  paths: {
    "/api/milestones/{id}": {
      patch: { responses: { 200: { description: "ok" }, 400: { description: "bad" }, 404: { description: "none" } } },
    },
    "/api/milestones/bulk": { patch: { responses: { 200: { description: "ok" }, 409: { description: "taken" } } } },
  },
};

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** Runs the check on a folder holding `document` and the answers given, as the server tests leave it. */
function check(answers: object[], documents: object[] = [document]) {
  const dir = mkdtempSync(join(tmpdir(), "unscroll-refusals-"));
  dirs.push(dir);
  for (const [i, d] of documents.entries()) writeFileSync(join(dir, `openapi-${i}.json`), JSON.stringify(d));
  writeFileSync(join(dir, "answers-1.jsonl"), answers.map((a) => `${JSON.stringify(a)}\n`).join(""));
  const run = spawnSync(process.execPath, ["--import", "tsx", "scripts/check-refusals.ts", dir], { encoding: "utf8" });
  return { status: run.status, output: run.stdout + run.stderr };
}

// Each test starts the script in a Node process of its own (tsx compiling it): seconds on a busy two-core machine.
describe("scripts/check-refusals.ts: every documented refusal was answered in some test (issue 39)", {
  timeout: 30_000,
}, () => {
  it("names each refusal its route never answered, and fails", () => {
    const { status, output } = check([
      { method: "PATCH", path: "/api/milestones/7f0c", status: 404 },
      // The literal path is its own operation: its 200 does not count for /api/milestones/{id}.
      { method: "PATCH", path: "/api/milestones/bulk", status: 200 },
    ]);
    expect(status).toBe(1);
    expect(output).toContain("2 documented refusals no server test provoked");
    expect(output).toContain("PATCH /api/milestones/{id} 400");
    expect(output).toContain("PATCH /api/milestones/bulk 409");
    expect(output).not.toContain("{id} 404");
  });

  it("passes when each one was answered, from the app or over a socket", () => {
    const { status, output } = check([
      { method: "PATCH", path: "/api/milestones/1", status: 400 },
      { method: "PATCH", path: "/api/milestones/2", status: 404 },
      { method: "PATCH", path: "/api/milestones/bulk", status: 409 },
    ]);
    expect(output).toContain("every documented refusal was answered");
    expect(status).toBe(0);
  });

  it("counts a route only some settings show as answered when any run saw its refusal", () => {
    const withoutBulk = { ...document, paths: { "/api/milestones/{id}": document.paths["/api/milestones/{id}"] } };
    const { status } = check(
      [
        { method: "PATCH", path: "/api/milestones/1", status: 400 },
        { method: "PATCH", path: "/api/milestones/2", status: 404 },
        { method: "PATCH", path: "/api/milestones/bulk", status: 409 },
      ],
      [document, withoutBulk],
    );
    expect(status).toBe(0);
  });

  it("refuses a folder the server tests did not write", () => {
    const { status, output } = check([], []);
    expect(status).toBe(1);
    expect(output).toContain("No OpenAPI document");
  });
});
