import { type Env, Hono } from "hono";
import { generateSpecs } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { SESSION_COOKIE } from "#server/auth/session-cookie.ts";
import type { AppEnv } from "#server/context.ts";
import { apiTags, errorResponses, errorSchemaRef } from "#server/http/openapi.ts";
import type { DomainErrorCode } from "#server/services/domain-error.ts";
import { referencePage } from "./reference-page.ts";

type Options = {
  title: string;
  /** Entries no route of `api` declares itself (the auth guard's table). */
  extraPaths?: OpenAPIV3_1.PathsObject;
  /** Paths the app's origin check lets through (app.ts): no 403 `request.foreignOrigin` to document there. */
  originCheckExcept?: readonly string[];
  /** Paths whose text the app does not check (app.ts): no 400 `request.unstorableText` to document there. */
  storableTextExcept?: readonly string[];
  /** The interactive reference page, outside production. */
  reference: boolean;
};

/** The OpenAPI 3.1 document of every route of `api` mounted under /api, generated from the routes themselves. */
export async function openApiDocument<E extends Env>(api: Hono<E>, options: Omit<Options, "reference">) {
  const document = await generateSpecs(new Hono<E>().route("/api", api), {
    documentation: {
      info: {
        title: `${options.title} API`,
        version: "1",
        description:
          "JSON under /api with the session cookie of sign-in. Every refusal is `{ error }` with the message the user sees; each route lists its own. Guide: docs/api.md.",
      },
      tags: [...apiTags],
      components: {
        schemas: {
          Error: {
            type: "object",
            properties: {
              error: { type: "string", description: "The message for the user, as shown." },
              code: {
                type: "string",
                description:
                  "Beside some refusals, for a screen that tells them apart: better-auth's code under /api/auth (`INVALID_TOKEN`), `TOO_MANY_REQUESTS`, `PROOF_MISMATCH`.",
              },
            },
            required: ["error"],
            additionalProperties: false,
          },
        },
        securitySchemes: {
          session: {
            type: "apiKey",
            in: "cookie",
            name: SESSION_COOKIE,
            description: "Set by POST /api/auth/sign-in/email (`__Secure-` first over HTTPS).",
          },
        },
      },
      paths: options.extraPaths,
    },
    defaultValidationErrorResponse: {
      description: "Invalid input: the first problem's message (SPEC.md section 5); nothing changed.",
      content: { "application/json": { schema: errorSchemaRef } },
    },
  });
  return withAppWideRefusals(document as OpenAPIV3_1.Document, options);
}

const methods = ["get", "post", "put", "patch", "delete"] as const;
const changingMethods: ReadonlySet<string> = new Set(["post", "put", "patch", "delete"]);

/**
 * The refusals app.ts's middleware gives before any route runs. On every operation, outside `storableTextExcept`: a
 * path or query (or body) holding text no column can keep, a NUL or half a surrogate pair (400, issue 52 row 14). On
 * every request that may carry a body: over the body limit (413) and, outside `originCheckExcept`, asked from another
 * site's page (403).
 */
function withAppWideRefusals(
  document: OpenAPIV3_1.Document,
  options: Pick<Options, "originCheckExcept" | "storableTextExcept">,
) {
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const method of methods) {
      const operation = item?.[method];
      if (!operation) continue;
      const codes: DomainErrorCode[] = [];
      if (!options.storableTextExcept?.includes(path)) codes.push("request.unstorableText");
      if (changingMethods.has(method)) {
        if (!options.originCheckExcept?.includes(path)) codes.push("request.foreignOrigin");
        codes.push("request.tooLarge");
      }
      const responses = (operation.responses ?? {}) as Record<string, OpenAPIV3_1.ResponseObject>;
      for (const [status, refusal] of Object.entries(errorResponses(codes))) {
        const own = responses[status];
        // A route's own body limit replaces the app's (an upload's 413); its own 403 (sign-in's) is listed beside.
        if (own && status === "413") continue;
        responses[status] = own ? { ...own, description: `${own.description}; ${refusal.description}` } : refusal;
      }
    }
  }
  return document;
}

/** GET /api/openapi.json (made once, on first ask) and, outside production, GET /api/reference. */
export function openApiRoutes<E extends Env>(api: Hono<E>, options: Options) {
  let document: Promise<OpenAPIV3_1.Document> | undefined;
  const routes = new Hono<AppEnv>().get("/openapi.json", async (c) => {
    document ??= openApiDocument(api, options);
    return c.json(await document, 200, { "Cache-Control": "no-cache" });
  });
  return options.reference ? routes.route("/reference", referencePage()) : routes;
}
