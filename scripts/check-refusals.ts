import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { OpenAPIV3_1 } from "openapi-types";
import { type Answer, unprovokedRefusals } from "#tests/support/answered-statuses.ts";

/**
 * After the server tests: every refusal (4xx) GET /api/openapi.json lists for a route was answered by that route in
 * some test (issue 39). The tests wrote what they saw into UNSCROLL_ANSWERS_DIR (tests/support/answered-statuses.ts);
 * `npm test` sets it for the whole server suite, the only run that can tell.
 *
 *   node --import tsx scripts/check-refusals.ts <answers dir>
 */
const dir = process.argv[2] ?? process.env.UNSCROLL_ANSWERS_DIR;
if (!dir) throw new Error("usage: check-refusals.ts <answers dir>");

const files = readdirSync(dir);
const documents = files.filter((f) => f.startsWith("openapi-"));
if (documents.length === 0) {
  console.error(`No OpenAPI document in ${dir}: did the server tests run with UNSCROLL_ANSWERS_DIR set?`);
  process.exit(1);
}
const answers: Answer[] = files
  .filter((f) => f.startsWith("answers-"))
  .flatMap((f) =>
    readFileSync(join(dir, f), "utf8")
      .split("\n")
      .filter(Boolean)
      .map((line) => JSON.parse(line) as Answer),
  );
// A route some settings hide is in some documents only: its refusal is unprovoked if no document's reading saw it.
const readings = documents.map((f) => {
  const document = JSON.parse(readFileSync(join(dir, f), "utf8")) as OpenAPIV3_1.Document;
  return { document, unprovoked: new Set(unprovokedRefusals(document, answers)) };
});
const inEvery = [...new Set(readings.flatMap((r) => [...r.unprovoked]))]
  .filter((key) => readings.every((r) => r.unprovoked.has(key) || !listed(r.document, key)))
  .sort();

function listed(document: OpenAPIV3_1.Document, key: string) {
  const [method = "", template = "", status = ""] = key.split(" ");
  const verb = method.toLowerCase() as OpenAPIV3_1.HttpMethods;
  return Boolean(document.paths?.[template]?.[verb]?.responses?.[status]);
}

console.log(`== ${answers.length} answers read against ${documents.length} document(s)`);
if (inEvery.length > 0) {
  console.error(`${inEvery.length} documented refusals no server test provoked:`);
  for (const key of inEvery) console.error(`  ${key}`);
  process.exit(1);
}
console.log("== every documented refusal was answered by its route in some test");
