import { createHash } from "node:crypto";
import { Ajv2020, type ErrorObject, type ValidateFunction } from "ajv/dist/2020.js";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { operationFinder } from "./api-operations.ts";

type Schema = { [keyword: string]: unknown };

/** The keywords whose value is a schema, a list of schemas, or a map of names to schemas (JSON Schema 2020-12). */
const oneSchema = ["items", "additionalProperties", "unevaluatedProperties", "unevaluatedItems", "not", "contains"];
const schemaList = ["prefixItems", "anyOf", "oneOf", "allOf"];
const schemaMap = ["properties", "patternProperties", "$defs", "dependentSchemas"];
const conditional = ["if", "then", "else", "propertyNames"];

/**
 * A response schema of the document made strict for checking: a `$ref` to the document's components is put in its
 * place, and an object that does not say which other keys it allows allows none (`additionalProperties: false`, or
 * `unevaluatedProperties: false` beside `allOf`/`anyOf`/`oneOf`, whose branches name keys too). An object that allows
 * more on purpose (a record: `additionalProperties: {…}`) is left as it says.
 */
function strict(schema: unknown, components: Record<string, unknown>): unknown {
  if (typeof schema !== "object" || schema === null || Array.isArray(schema)) return schema;
  const node = schema as Schema;
  if (typeof node.$ref === "string") {
    const name = /^#\/components\/schemas\/(.+)$/.exec(node.$ref)?.[1];
    const target = name === undefined ? undefined : components[name];
    if (target === undefined) throw new Error(`the document's ${node.$ref} names no schema of its components`);
    const { $ref: _ref, ...beside } = node;
    return strict({ ...(target as Schema), ...beside }, components);
  }
  const copy: Schema = { ...node };
  for (const keyword of [...oneSchema, ...conditional]) {
    if (keyword in copy) copy[keyword] = strict(copy[keyword], components);
  }
  for (const keyword of schemaList) {
    if (Array.isArray(copy[keyword])) copy[keyword] = (copy[keyword] as unknown[]).map((s) => strict(s, components));
  }
  for (const keyword of schemaMap) {
    const map = copy[keyword];
    if (map && typeof map === "object") {
      copy[keyword] = Object.fromEntries(Object.entries(map).map(([k, s]) => [k, strict(s, components)]));
    }
  }
  const isObject = copy.type === "object" || "properties" in copy;
  const saysWhatElse = ["additionalProperties", "unevaluatedProperties", "patternProperties"].some((k) => k in copy);
  if (isObject && !saysWhatElse) {
    const composed = ["allOf", "anyOf", "oneOf"].some((k) => k in copy);
    copy[composed ? "unevaluatedProperties" : "additionalProperties"] = false;
  }
  return copy;
}

/**
 * One validator for every document (Ajv, JSON Schema 2020-12 as OpenAPI 3.1 writes it). Strict about the schemas
 * themselves: an unknown keyword or format fails to compile rather than check nothing. The formats the contracts use
 * are checked with zod's own patterns, the ones the schemas were written from (a `date-time` of `z.iso.datetime()`
 * also carries its exact pattern); `binary` is any string.
 */
const ajv = new Ajv2020({
  strict: true,
  strictTypes: false,
  strictTuples: false,
  allErrors: false,
  formats: {
    uuid: z.regexes.uuid(),
    email: z.regexes.email,
    date: z.regexes.date,
    "date-time": z.regexes.datetime({ precision: null, offset: true, local: false }),
    binary: true,
  },
});

/** Each document's compiled checks (a worker keeps them for the next file: decision 0131), by the document's hash. */
const checksByDocument = new Map<string, ReturnType<typeof bodyChecks>>();

function bodyChecks(document: OpenAPIV3_1.Document) {
  const find = operationFinder(document);
  const components = (document.components?.schemas ?? {}) as Record<string, unknown>;
  const compiled = new Map<string, ValidateFunction | null>();
  /** The check of one operation's answer with this status: null when the document lists no JSON body for it. */
  function validatorFor(template: string, method: string, response: OpenAPIV3_1.ResponseObject, status: number) {
    const key = `${method} ${template} ${status}`;
    let validate = compiled.get(key);
    if (validate === undefined) {
      const schema = response.content?.["application/json"]?.schema;
      validate = schema === undefined ? null : ajv.compile(strict(schema, components) as Schema);
      compiled.set(key, validate);
    }
    return validate;
  }
  return { find, validatorFor };
}

/** The first thing a body breaks, as its JSON path (`/posts/0/author/email`) and what is wrong there. */
function firstMismatch(errors: ErrorObject[] | null | undefined) {
  const error = errors?.[0];
  if (!error) return "(no detail)";
  const extra = (error.params as { additionalProperty?: string; unevaluatedProperty?: string }).additionalProperty;
  const unevaluated = (error.params as { unevaluatedProperty?: string }).unevaluatedProperty;
  const key = extra ?? unevaluated;
  if (key !== undefined) return `${error.instancePath}/${key}: a key the schema does not name`;
  return `${error.instancePath || "/"}: ${error.message ?? error.keyword} (${JSON.stringify(error.params)})`;
}

/**
 * The check of each answer's body against its route's entry in the document (issue 57 row 7, decision 0171): an
 * answer of a documented route with a status its entry lists, whose body is JSON, must be what the schema for that
 * status says, and nothing more. Answers the document does not describe are left to the statuses' check
 * (answered-statuses.ts). `documentText` is asked once, on the first answer that needs it.
 */
export function answerBodyChecker(documentText: () => Promise<string>) {
  let checks: Promise<ReturnType<typeof bodyChecks>> | undefined;
  async function checksOfDocument() {
    const text = await documentText();
    const hash = createHash("sha1").update(text).digest("hex");
    let found = checksByDocument.get(hash);
    if (!found) {
      found = bodyChecks(JSON.parse(text) as OpenAPIV3_1.Document);
      checksByDocument.set(hash, found);
    }
    return found;
  }

  /** Throws, naming method, path, status and the first mismatch, when the body is not what the document says. */
  return async function checkBody(
    answer: { method: string; path: string; status: number },
    contentType: string | null,
    body: () => Promise<string>,
  ) {
    if (!answer.path.startsWith("/api/") || !/^application\/json\b/.test(contentType ?? "")) return;
    // A document that could not be read (a server restarting) is asked again by the next answer.
    checks ??= checksOfDocument().catch((error: unknown) => {
      checks = undefined;
      throw error;
    });
    const { find, validatorFor } = await checks;
    const operation = find(answer.method, answer.path);
    const response = operation?.responses[String(answer.status)] as OpenAPIV3_1.ResponseObject | undefined;
    if (!operation || !response) return;
    const where = `${answer.method} ${answer.path} answered ${answer.status}`;
    const entry = `${answer.method} ${operation.template} ${answer.status} in GET /api/openapi.json`;
    const validate = validatorFor(operation.template, answer.method, response, answer.status);
    if (!validate) throw new Error(`${where} with a JSON body, where ${entry} lists none`);
    const text = await body();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      throw new Error(`${where} with a body that is not JSON (${text.slice(0, 80)}), as ${entry} says it is`);
    }
    if (!validate(json))
      throw new Error(`${where} with a body ${entry} does not allow: ${firstMismatch(validate.errors)}`);
  };
}
