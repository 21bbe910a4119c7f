import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import { HTTPException } from "hono/http-exception";
import { z } from "zod";
import { DomainError, type DomainErrorCode } from "../services/domain-error.ts";
import { httpMessages } from "./errors.ts";

/**
 * zod validation that answers 400 {error: <the first issue's message>} — the SPEC.md message the schema carries —
 * so the client can show it as is. Throwing keeps the failure out of the typed client's success shape.
 */
export function validate<T extends z.ZodType, Target extends keyof ValidationTargets>(target: Target, schema: T) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw new HTTPException(400, { message: result.error.issues[0]?.message ?? httpMessages.invalid });
    }
  });
}

/** `:id` must be a uuid; anything else cannot name a row of this user, so it is simply not found. */
export function idParam(notFound: DomainErrorCode) {
  return zValidator("param", z.object({ id: z.string() }), (result) => {
    if (!result.success || !z.uuid().safeParse(result.data.id).success) throw new DomainError(notFound);
  });
}
