import { dirname, join, resolve } from "node:path";
import createClient from "openapi-fetch";
import type { OpenAPIV3_1 } from "openapi-types";
import openapiTS, { astToString, type OpenAPI3 } from "openapi-typescript";
import sharp from "sharp";
import ts from "typescript";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, TEST_ORIGIN, type TestApp } from "#tests/support/test-app.ts";

/**
 * A client generated from the document the server serves (issue 39): openapi-typescript writes its types in this run,
 * the calls in tests/openapi-client/calls.ts must type-check against them, and then they run against the test app. A
 * route whose document and answers drift apart fails here, in type or at run time.
 */

const callsFile = resolve("tests/openapi-client/calls.ts");
const generatedFile = join(dirname(callsFile), "api.d.ts");

/** The repository's compiler options, with `api.d.ts` beside the calls read from memory: the tree stays untouched. */
function typeErrors(generated: string): string[] {
  const config = ts.getParsedCommandLineOfConfigFile(
    resolve("tsconfig.json"),
    {},
    {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
        throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
      },
    },
  );
  if (!config) throw new Error("tsconfig.json could not be read");
  const host = ts.createCompilerHost(config.options);
  const isGenerated = (file: string) => resolve(file) === generatedFile;
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (file) => isGenerated(file) || fileExists.call(host, file);
  host.readFile = (file) => (isGenerated(file) ? generated : readFile.call(host, file));
  host.getSourceFile = (file, language, ...rest) =>
    isGenerated(file)
      ? ts.createSourceFile(file, generated, language)
      : getSourceFile.call(host, file, language, ...rest);
  const program = ts.createProgram({ rootNames: [callsFile], options: config.options, host });
  return ts
    .getPreEmitDiagnostics(program)
    .map((d) => `${d.file?.fileName ?? ""}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
}

type Calls = { walkThePlan: (api: unknown, quizResponseId: string, photo: File) => Promise<Record<string, unknown>> };

let t: TestApp;
let document: OpenAPIV3_1.Document;
let generated: string;
beforeAll(async () => {
  t = await createTestApp();
  document = await (await t.request("/api/openapi.json")).json();
  // openapi-typescript changes the object it is given: the planted test below needs the document as served.
  generated = astToString(await openapiTS(structuredClone(document) as OpenAPI3, { silent: true }));
});
afterAll(() => t?.close());

// The type checks compile the generated client with TypeScript: 12 s alone, over 20 s beside other test runs.
describe("a client generated from GET /api/openapi.json", { timeout: 60_000 }, () => {
  it("types the answers (none is `unknown`) and the calls type-check against them", () => {
    expect(generated).toContain('"/api/dashboard"');
    expect(typeErrors(generated)).toEqual([]);
  });

  it("fails to type-check when the document leaves an answer out (the check above can fail)", async () => {
    const planted = structuredClone(document);
    const ok = planted.paths?.["/api/dashboard"]?.get?.responses?.["200"] as OpenAPIV3_1.ResponseObject;
    ok.content = { "application/json": { schema: {} } };
    const errors = typeErrors(astToString(await openapiTS(planted as OpenAPI3, { silent: true })));
    expect(errors.join("\n")).toMatch(/calls\.ts: Type '(unknown|\{\})' is .* type '\{ firstName: string;/);
  });

  it("reads the plan, the dashboard, todos, partners and a proof through it", async () => {
    const { user, quizResponseId } = await t.userWithPlan();
    const api = createClient({
      baseUrl: TEST_ORIGIN,
      fetch: async (request) => t.app.request(request),
      headers: { origin: TEST_ORIGIN, cookie: user.cookie },
    });
    const photo = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#c8ff2e" } })
      .jpeg()
      .toBuffer();
    // A specifier the compiler does not follow: the calls compile only against the generated api.d.ts (above).
    const calls: Calls = await import(/* @vite-ignore */ callsFile);
    const answers = await calls.walkThePlan(
      api,
      quizResponseId,
      new File([photo], "proof.jpg", { type: "image/jpeg" }),
    );
    expect(answers).toMatchObject({
      quizResult: { id: quizResponseId, challenges: expect.any(Array) },
      saved: { milestone: { milestoneDeadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}/) } },
      screen: { firstName: user.firstName },
      todos: { todos: expect.any(Array), tokens: { remaining: expect.any(Number) } },
      tick: { todo: { todoCompleted: true } },
      partners: { partners: [expect.objectContaining({ firstName: "Sam", status: "invited" })] },
      proof: { kind: "photo", photo: { width: 64, height: 48 } },
      statuses: { dashboard: 200, todos: 201, invite: 201, proof: 201 },
    });
  });
});
