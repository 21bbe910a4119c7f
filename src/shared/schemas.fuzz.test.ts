import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { fuzzJson, fuzzObject, fuzzParameters } from "#tests/support/fuzz.ts";
import { isAnswer } from "./answer.ts";
import { hasControlCharacter, isStorableText } from "./text-rules.ts";

/**
 * Every zod schema the shared modules export (found by walking their exports, so a new schema is fuzzed without
 * being listed here): arbitrary JSON never throws, it either parses or answers issues with a message, and what parses
 * holds no text a column cannot keep.
 */
const modules = import.meta.glob<Record<string, unknown>>(["./**/*.ts", "!./**/*.test.ts"], { eager: true });

const schemas = Object.entries(modules).flatMap(([file, exports]) =>
  Object.entries(exports)
    .filter((entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType)
    .map(([name, schema]) => ({ name: `${file.slice(2)} ${name}`, schema })),
);

function fieldNames(schema: z.ZodType): string[] {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape ? Object.keys(shape) : [];
}

/** Field names of nested objects too (quiz answers, bulk milestones), so arrays of objects reach their fields. */
const nestedFieldNames = ["id", "question", "answer", "milestoneDescription", "milestoneDeadline"];

/** Passwords are hashed, never stored or shown; the request guard refuses unstorable text in them before auth. */
const secretFields = new Set(["password", "confirm"]);

/** Every string of a parsed value that is kept as text. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, item]) => (secretFields.has(key) ? [] : strings(item)));
  }
  return [];
}

describe("shared schemas under arbitrary input", () => {
  it("finds the API schemas", () => {
    const names = schemas.map((s) => s.name);
    for (const expected of ["submitQuizSchema", "updateMilestoneSchema", "joinWaitlistSchema", "updateProfileSchema"]) {
      expect(names.some((n) => n.endsWith(` ${expected}`))).toBe(true);
    }
  });

  for (const { name, schema } of schemas) {
    it(`${name}: parses or answers issues with a message, never throws`, () => {
      const keys = [...fieldNames(schema), ...nestedFieldNames];
      fc.assert(
        fc.property(fc.oneof(fuzzObject(keys), fuzzJson(keys)), (input) => {
          const result = schema.safeParse(input);
          if (result.success) {
            // An answer's schema parses no input: what the server sends was stored through a request's checks.
            if (isAnswer(schema)) return;
            for (const text of strings(result.data)) {
              expect(isStorableText(text)).toBe(true);
            }
          } else {
            expect(result.error.issues.length).toBeGreaterThan(0);
            for (const issue of result.error.issues) expect(typeof issue.message).toBe("string");
          }
        }),
        fuzzParameters(300),
      );
    });
  }

  it("user text that parses has no control characters beyond tab and line breaks", () => {
    const textFields = schemas.filter((s) =>
      /updateChallengeSchema|joinWaitlistSchema|updateProfileSchema/.test(s.name),
    );
    fc.assert(
      fc.property(fuzzObject(["title", "description", "name", "firstName", "email"]), (input) => {
        for (const { schema } of textFields) {
          const result = schema.safeParse(input);
          if (result.success) {
            for (const text of strings(result.data)) expect(hasControlCharacter(text, true)).toBe(false);
          }
        }
      }),
      fuzzParameters(300),
    );
  });
});
