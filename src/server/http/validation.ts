import type { ValidationTargets } from "hono";
import { HTTPException } from "hono/http-exception";
import { validator } from "hono-openapi";
import { z } from "zod";
import { DomainError, type DomainErrorCode } from "#server/services/domain-error.ts";
import { httpMessages } from "./errors.ts";

/**
 * A field a schema gives no message of its own for, missing or of the wrong type, is named in the answer: zod's own
 * words ("Invalid input: expected string, received undefined") tell nobody which field it was. A schema's own
 * message (SPEC.md section 5) still wins: zod asks this only when the schema has none.
 */
z.config({
  customError: (issue) => {
    if (issue.code !== "invalid_type") return undefined;
    const field = issue.path?.join(".");
    if (!field) return undefined;
    if (issue.input === undefined) return `${field} is required.`;
    return `${field} must be ${/^[aeiou]/.test(issue.expected) ? "an" : "a"} ${issue.expected}.`;
  },
});

/**
 * zod validation that answers 400 {error: <the first issue's message>} — the SPEC.md message the schema carries —
 * so the client can show it as is. Throwing keeps the failure out of the typed client's success shape. The schema
 * also describes the request in the OpenAPI document (hono-openapi reads it from this middleware).
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return validator(target, schema, (result) => {
    if (!result.success) {
      throw new HTTPException(400, { message: result.error[0]?.message ?? httpMessages.invalid });
    }
  });
}

const idSchema = z.object({ id: z.string().meta({ description: "The row's id (a UUID).", format: "uuid" }) });

/** `:id` must be a uuid; anything else cannot name a row of this user, so it is simply not found. */
export function idParam(notFound: DomainErrorCode) {
  return validator("param", idSchema, (result) => {
    if (!result.success || !z.uuid().safeParse(result.data.id).success) throw new DomainError(notFound);
  });
}
