import type { z } from "zod";

const answers = new WeakSet<z.ZodType>();

/**
 * Marks the schema of something the server answers (issue 39, decision 0129): the OpenAPI document shows it and the
 * shared type is inferred from it, but no input is parsed with it, so the request checks (storable text, say) are not
 * its business. The schemas' fuzz test asks `isAnswer`.
 */
export function answer<T extends z.ZodType>(schema: T): T {
  answers.add(schema);
  return schema;
}

export function isAnswer(schema: z.ZodType) {
  return answers.has(schema);
}
