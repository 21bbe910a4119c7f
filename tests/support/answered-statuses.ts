import { appendFileSync } from "node:fs";
import { join } from "node:path";
import type { Hono } from "hono";
import type { OpenAPIV3_1 } from "openapi-types";
import { expect, it } from "vitest";
import { answerBodyChecker } from "./answer-bodies.ts";
import { operationFinder, operationsOf } from "./api-operations.ts";

/** One answer of the test app: the request's method and path, and the status it got. */
export type Answer = { method: string; path: string; status: number };

/**
 * With UNSCROLL_ANSWERS_DIR set (`npm test` sets it), every answer a server test saw, in the app or over a socket, is
 * also written there, one JSON line per answer and a file per process: scripts/check-refusals.ts reads them after
 * the run to find documented refusals no test provoked (issue 39).
 */
export function keepAnswer(answer: Answer) {
  const dir = process.env.UNSCROLL_ANSWERS_DIR;
  if (dir) appendFileSync(join(dir, `answers-${process.pid}.jsonl`), `${JSON.stringify(answer)}\n`);
}

/**
 * Keeps the method, path and status of every answer `app.request` gives (the typed client and `t.request` go through
 * it), so a test file can check them against the OpenAPI document (issue 39, decision 0129).
 */
export function recordAnswers(app: Hono<never>): Answer[] {
  const answers: Answer[] = [];
  const request = app.request;
  // Each JSON body is also checked against the schema the app's own document gives it (decision 0171): a body that
  // does not match fails the request, and so the test that made it.
  const checkBody = answerBodyChecker(async () => (await request("/api/openapi.json")).text());
  app.request = async (input, init, ...rest) => {
    const response = await request(input, init, ...rest);
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    const answer = { method, path: url.pathname, status: response.status };
    answers.push(answer);
    keepAnswer(answer);
    await checkBody(answer, response.headers.get("content-type"), () => response.clone().text());
    return response;
  };
  return answers;
}

/** Each answer with the documented operation it came from, if any. */
function* matched(document: OpenAPIV3_1.Document, answers: Iterable<Answer>) {
  const find = operationFinder(document);
  for (const answer of answers) {
    const operation = find(answer.method, answer.path);
    if (operation) yield { ...answer, ...operation };
  }
}

/**
 * Each answer a documented operation gave with a status its entry does not list, as `METHOD /template status`. A path
 * the document does not describe (an unknown one, the SPA) is not an operation and is left out.
 */
export function undocumentedStatuses(document: OpenAPIV3_1.Document, answers: readonly Answer[]): string[] {
  const missing = new Set<string>();
  for (const { method, template, status, responses } of matched(document, answers)) {
    if (!responses[String(status)]) missing.add(`${method} ${template} ${status}`);
  }
  return [...missing].sort();
}

/**
 * The other way round: each refusal (4xx) the document lists for an operation that none of `answers` gave, as
 * `METHOD /template status`. A refusal the document promises and no test provokes is either untested or not true.
 */
export function unprovokedRefusals(document: OpenAPIV3_1.Document, answers: Iterable<Answer>): string[] {
  const seen = new Set<string>();
  for (const { method, template, status } of matched(document, answers)) seen.add(`${method} ${template} ${status}`);
  const unprovoked: string[] = [];
  for (const { template, item } of operationsOf(document)) {
    for (const verb of ["get", "put", "post", "delete", "patch"] as const) {
      for (const status of Object.keys(item[verb]?.responses ?? {})) {
        const key = `${verb.toUpperCase()} ${template} ${status}`;
        if (/^4\d\d$/.test(status) && !seen.has(key)) unprovoked.push(key);
      }
    }
  }
  return unprovoked.sort();
}

/**
 * The last test of a describe block whose app is `app()`: every status its routes answered in the tests before it is
 * one the document lists for that route (decision 0129).
 */
export function itAnswersOnlyDocumentedStatuses(app: () => { undocumentedStatuses(): Promise<string[]> }) {
  it("answers only statuses GET /api/openapi.json lists for each route (decision 0129)", async () => {
    expect(await app().undocumentedStatuses()).toEqual([]);
  });
}

/**
 * Each state-changing operation of the app's document that lists `status`, as a request path with its parameters
 * filled in (a random id, a token that does not exist): for tests that sweep a refusal every route shares, such as the
 * origin check and the body limit, which answer before the route reads its parameters.
 */
export async function documentedChanges(
  t: { app: { request(path: string): Response | Promise<Response> } },
  status: string,
) {
  const document = (await (await t.app.request("/api/openapi.json")).json()) as OpenAPIV3_1.Document;
  return Object.entries(document.paths ?? {}).flatMap(([template, item]) =>
    (["post", "put", "patch", "delete"] as const)
      .filter((verb) => item?.[verb]?.responses?.[status])
      .map((verb) => ({
        method: verb.toUpperCase(),
        path: template.replace(/\{id\}/g, "00000000-0000-4000-8000-000000000000").replace(/\{[^}]+\}/g, "unknown"),
      })),
  );
}
