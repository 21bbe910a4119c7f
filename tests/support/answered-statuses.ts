import type { Hono } from "hono";
import type { OpenAPIV3_1 } from "openapi-types";
import { expect, it } from "vitest";

/** One answer of the test app: the request's method and path, and the status it got. */
type Answer = { method: string; path: string; status: number };

/**
 * Keeps the method, path and status of every answer `app.request` gives (the typed client and `t.request` go through
 * it), so a test file can check them against the OpenAPI document (issue 39, decision 0129).
 */
export function recordAnswers(app: Hono<never>): Answer[] {
  const answers: Answer[] = [];
  const request = app.request;
  app.request = async (input, init, ...rest) => {
    const response = await request(input, init, ...rest);
    const url = new URL(input instanceof Request ? input.url : String(input), "http://localhost");
    const method = (init?.method ?? (input instanceof Request ? input.method : "GET")).toUpperCase();
    answers.push({ method, path: url.pathname, status: response.status });
    return response;
  };
  return answers;
}

/** `/api/milestones/{id}/todos` as a pattern of the paths it stands for. */
function pathPattern(template: string) {
  const parts = template.split(/\{[^}]+\}/).map((part) => part.replace(/[.*+?^$()|[\]\\]/g, "\\$&"));
  return new RegExp(`^${parts.join("[^/]+")}$`);
}

/**
 * Each answer a documented operation gave with a status its entry does not list, as `METHOD /template status`. A path
 * the document does not describe (an unknown one, the SPA) is not an operation and is left out.
 */
export function undocumentedStatuses(document: OpenAPIV3_1.Document, answers: readonly Answer[]): string[] {
  const operations = Object.entries(document.paths ?? {}).map(([template, item]) => ({
    template,
    pattern: pathPattern(template),
    item: item ?? {},
  }));
  const missing = new Set<string>();
  for (const { method, path, status } of answers) {
    const verb = method.toLowerCase() as OpenAPIV3_1.HttpMethods;
    // Literal paths first: /api/milestones/bulk is not /api/milestones/{id}.
    const match =
      operations.find((o) => o.template === path && o.item[verb]) ??
      operations.find((o) => o.pattern.test(path) && o.item[verb]);
    const responses = match?.item[verb]?.responses;
    if (match && responses && !responses[String(status)]) missing.add(`${method} ${match.template} ${status}`);
  }
  return [...missing].sort();
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
