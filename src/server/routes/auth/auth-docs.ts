import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { errorResponses, errorSchemaRef, type JsonAnswer, successResponses } from "#server/http/openapi.ts";
import type { DomainErrorCode } from "#server/services/domain-error.ts";
import { type AuthEndpoint, authEndpoints } from "./endpoints.ts";

const asJsonSchema = (schema: z.ZodType) =>
  z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as OpenAPIV3_1.SchemaObject;

function parameters(endpoint: AuthEndpoint): OpenAPIV3_1.ParameterObject[] {
  const inPath = [...endpoint.path.matchAll(/:(\w+)/g)].map(
    ([, name]): OpenAPIV3_1.ParameterObject => ({
      name: name!,
      in: "path",
      required: true,
      schema: { type: "string" },
    }),
  );
  const query = endpoint.query ? asJsonSchema(endpoint.query) : undefined;
  const inQuery = Object.entries(query?.properties ?? {}).map(
    ([name, schema]): OpenAPIV3_1.ParameterObject => ({
      name,
      in: "query",
      required: query?.required?.includes(name) ?? false,
      schema: schema as OpenAPIV3_1.ParameterObject["schema"],
    }),
  );
  return [...inPath, ...inQuery];
}

/** The refusals the guard itself gives for this row, before better-auth answers. */
function refusals(endpoint: AuthEndpoint): DomainErrorCode[] {
  return [
    ...(endpoint.body ? (["auth.invalidInput"] as const) : []),
    ...(endpoint.returnTo ? (["auth.foreignLinkTarget"] as const) : []),
    ...(endpoint.attempts && !endpoint.failuresLandOn ? (["auth.tooManyAttempts"] as const) : []),
    ...(endpoint.answeredFirst ? (["auth.busy"] as const) : []),
  ];
}

/** better-auth's own refusals of this row; a status the guard also answers is listed by the guard's entry. */
function betterAuthRefusals(endpoint: AuthEndpoint): Record<string, OpenAPIV3_1.ResponseObject> {
  return Object.fromEntries(
    (endpoint.refusedBy ?? []).map(({ status, message }) => [
      String(status),
      { description: `\`${message}\` (better-auth)`, content: { "application/json": { schema: errorSchemaRef } } },
    ]),
  );
}

function answerOf(endpoint: AuthEndpoint): JsonAnswer | string {
  return endpoint.answer
    ? { description: "better-auth's answer, without the session token.", body: endpoint.answer }
    : "better-auth's answer.";
}

function operation(endpoint: AuthEndpoint): OpenAPIV3_1.OperationObject {
  const redirects = endpoint.landing || endpoint.failuresLandOn;
  return {
    tags: ["Auth"],
    summary: endpoint.summary,
    ...(endpoint.answeredFirst
      ? {
          description: `Answered before its work, the same for every address: \`${JSON.stringify(endpoint.answeredFirst.answer)}\`.`,
        }
      : {}),
    parameters: parameters(endpoint),
    ...(endpoint.body
      ? { requestBody: { required: true, content: { "application/json": { schema: asJsonSchema(endpoint.body) } } } }
      : {}),
    responses: {
      ...successResponses({
        ok: redirects
          ? { 302: `To ${endpoint.landing ?? endpoint.failuresLandOn} (failures with \`?error=CODE\`).` }
          : { 200: answerOf(endpoint) },
      }),
      ...betterAuthRefusals(endpoint),
      ...errorResponses(refusals(endpoint)),
    },
  };
}

/** /api/auth/* in the OpenAPI document: one entry per row of the guard's table, the only endpoints it opens. */
export function authPaths(): OpenAPIV3_1.PathsObject {
  const paths: OpenAPIV3_1.PathsObject = {};
  for (const endpoint of authEndpoints) {
    const path = `/api/auth${endpoint.path.replace(/:(\w+)/g, "{$1}")}`;
    paths[path] = { ...paths[path], [endpoint.method.toLowerCase()]: operation(endpoint) };
  }
  return paths;
}
