import type { MiddlewareHandler } from "hono";
import { describeRoute, uniqueSymbol } from "hono-openapi";
import type { OpenAPIV3_1 } from "openapi-types";
import { z } from "zod";
import { DomainError, type DomainErrorCode } from "#server/services/domain-error.ts";
import { answerFor } from "./errors.ts";

/** The areas of the API, in the order the reference lists them. */
export const apiTags = [
  { name: "Account", description: "Who is signed in, his profile and badges, his data and leaving for good." },
  { name: "Auth", description: "better-auth behind the app's guard: sign-up, sign-in, e-mail links, sign-out." },
  { name: "Run challenge", description: "The first challenge: accepting it and validating the run." },
  { name: "Quiz and plan", description: "The self-assessment and the AI plan it becomes." },
  { name: "Challenges and milestones", description: "Accepting challenges, dates, todos, re-plans and proof." },
  { name: "Screens", description: "What the workflow, dashboard and insights screens show, each in one request." },
  { name: "Premium", description: "Plans, Stripe Checkout, the Customer Portal and Stripe's webhook." },
  {
    name: "Community",
    description:
      "The waitlist, then the members' feed: posts, cheers, comments, reports, blocks, notifications and the weekly digest.",
  },
  { name: "Screen time", description: "His phone's screen time as he checked it in: numbers only, never a picture." },
  {
    name: "Strava",
    description: "Connecting Strava, the runs it sends and what became of them, and Strava's push events.",
  },
  {
    name: "Reminders",
    description: "Reminder e-mails, web push, the evening's phone-down check and the private calendar feed.",
  },
  { name: "Partners", description: "Accountability partners, their page and their e-mails." },
  {
    name: "Operations",
    description: "Health of the running server; the operators' overview, moderation queue and admissions.",
  },
] as const;
type Tag = (typeof apiTags)[number]["name"];

/** What a route answers besides refusals of the catalog (health's 503 is a state, not a refusal). */
type SuccessStatus = 200 | 201 | 202 | 204 | 302 | 303 | 503;

/**
 * A success with a JSON body: what it means and the shared zod schema of the body (src/shared/<area>/contracts.ts),
 * the one the client's type is inferred from, so the document and the type cannot drift.
 */
export type JsonAnswer = { description: string; body: z.ZodType };
/** A redirect or a 204 (no body), or the body of a `media` route (a photo, a calendar file): a description only. */
type Answer = JsonAnswer | string;

export type RouteDoc = {
  tag: Tag;
  summary: string;
  description?: string;
  /** Each success status and what it carries; a JSON body names its schema (test: openapi.test.ts). */
  ok: Partial<Record<SuccessStatus, Answer>>;
  /** The domain refusals the route can answer; their statuses and messages come from the catalog (http/errors.ts). */
  errors?: DomainErrorCode[];
  /** Answers without a session (default: signed in, and 401 without one). */
  public?: boolean;
  /** A success body that is not JSON (a photo, a calendar file). */
  media?: string;
};

export const errorSchemaRef = { $ref: "#/components/schemas/Error" } as const;

/** Facts that fill a message's blanks in the document, where the real answer says them. */
const exampleDetails = { count: 2, message: "The rule's own message (SPEC.md section 5)." };

/** The catalog's answers for these codes, grouped by status: what the document lists as the route's refusals. */
export function errorResponses(codes: readonly DomainErrorCode[]): Record<string, OpenAPIV3_1.ResponseObject> {
  const byStatus = new Map<number, string[]>();
  for (const code of codes) {
    const { status, message } = answerFor(new DomainError(code, exampleDetails));
    byStatus.set(status, [...(byStatus.get(status) ?? []), `\`${message}\` (${code})`]);
  }
  return Object.fromEntries(
    [...byStatus].map(([status, messages]) => [
      String(status),
      { description: messages.join("; "), content: { "application/json": { schema: errorSchemaRef } } },
    ]),
  );
}

/** A response body's JSON Schema: what the server sends (zod's output side), without the draft's `$schema` line. */
function bodySchema(schema: z.ZodType): OpenAPIV3_1.SchemaObject {
  const { $schema: _draft, ...json } = z.toJSONSchema(schema, { io: "output", unrepresentable: "any" });
  return json as OpenAPIV3_1.SchemaObject;
}

/** What a route answers when it does its work: a redirect or a 204 carries no body, the rest JSON or `media`. */
export function successResponses(doc: Pick<RouteDoc, "ok" | "media">): Record<string, OpenAPIV3_1.ResponseObject> {
  return Object.fromEntries(
    Object.entries(doc.ok).map(([status, answer]): [string, OpenAPIV3_1.ResponseObject] => {
      const description = typeof answer === "string" ? answer : answer.description;
      if (status === "204" || status.startsWith("3")) return [status, { description }];
      if (doc.media)
        return [status, { description, content: { [doc.media]: { schema: { type: "string", format: "binary" } } } }];
      const schema = typeof answer === "string" ? {} : bodySchema(answer.body);
      return [status, { description, content: { "application/json": { schema } } }];
    }),
  );
}

/** Each `documented(...)` middleware and the description it was made from (read by http/guarded-router.ts). */
const routeDocs = new WeakMap<MiddlewareHandler, RouteDoc>();

/** The description a route's `documented(...)` middleware was made from; undefined for any other handler. */
export function routeDocOf(handler: unknown): RouteDoc | undefined {
  return typeof handler === "function" ? routeDocs.get(handler as MiddlewareHandler) : undefined;
}

/**
 * The route's entry in the OpenAPI document (GET /api/openapi.json): what it does, what it answers, which refusals
 * of the catalog it can give. The request's schema comes from its `validate` middleware, so it cannot drift.
 */
export function documented(doc: RouteDoc): MiddlewareHandler {
  const errors: DomainErrorCode[] = [...(doc.public ? [] : ["auth.sessionRequired" as const]), ...(doc.errors ?? [])];
  const described = describeRoute({
    tags: [doc.tag],
    summary: doc.summary,
    ...(doc.description ? { description: doc.description } : {}),
    ...(doc.public ? {} : { security: [{ session: [] }] }),
    responses: { ...successResponses(doc), ...errorResponses(errors) },
  });
  // hono-openapi's own middleware awaits `next` in an async function of its own: one promise more on every request
  // for nothing (issue 58). The document reads only the description it carries, under its symbol.
  const middleware: MiddlewareHandler = Object.assign((_c: unknown, next: () => Promise<void>) => next(), {
    [uniqueSymbol]: (described as unknown as Record<symbol, unknown>)[uniqueSymbol],
  });
  routeDocs.set(middleware, doc);
  return middleware;
}
