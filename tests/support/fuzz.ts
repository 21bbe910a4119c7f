import fc from "fast-check";

/**
 * Property-based fuzzing settings and inputs shared by the schema and the API fuzz tests. A fixed seed keeps every
 * run the same (a failure can be replayed); FUZZ_SEED and FUZZ_RUNS explore further, e.g. `FUZZ_RUNS=2000`.
 */
export function fuzzParameters(defaultRuns: number): fc.Parameters<unknown> {
  const seed = Number(process.env.FUZZ_SEED ?? 20_261_122);
  const numRuns = Number(process.env.FUZZ_RUNS ?? defaultRuns);
  return { seed, numRuns, endOnFailure: true };
}

const uuid = "3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b";

/** Text a person never types but a script sends: NUL, lone surrogates, control characters, huge, markup. */
const nastyText = fc.constantFrom(
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\uD800",
  "x\uDC00y",
  "\uDBFF\uDFFF",
  "\u0007bell",
  "line\nbreak",
  "\r\n",
  "\u202Eevil",
  "😀".repeat(600),
  "x".repeat(70_000),
  "<script>alert(1)</script>",
  "'; DROP TABLE users; --",
  "%00",
  "%",
  "%E0%A4%A",
  "../../etc/passwd",
  "__proto__",
  "constructor",
  "NaN",
  "1e999",
  "-1",
  "0",
  "2026-02-30",
  "2099-01-01",
  uuid,
  "00000000-0000-0000-0000-000000000000",
  "premium_monthly",
  "true",
  "null",
);

/** Any UTF-16 code units, lone surrogates and NUL included. */
const codeUnits = fc
  .array(fc.integer({ min: 0, max: 0xffff }), { maxLength: 40 })
  .map((codes) => String.fromCharCode(...codes));

export const fuzzText = fc.oneof(nastyText, codeUnits, fc.string({ unit: "grapheme", maxLength: 40 }));

const fuzzNumber = fc.oneof(
  fc.constantFrom(0, -0, 1, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, 1440, 1441, 60, 5e-324),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
);

const deep = (depth: number, leaf: unknown) => {
  let value: unknown = leaf;
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

const prototypeKeys = fc.constantFrom("__proto__", "constructor", "prototype", "toString", "hasOwnProperty");

/**
 * Any JSON value, biased towards what breaks servers; objects use the given field names (so the fuzzer reaches
 * past "unknown key" into each field's own check) besides random and prototype keys.
 */
export function fuzzJson(keys: readonly string[] = []): fc.Arbitrary<unknown> {
  const key =
    keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), prototypeKeys, fuzzText) : fc.oneof(prototypeKeys, fuzzText);
  const { value } = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      fuzzText,
      fuzzNumber,
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 5 }),
      fc.dictionary(key, tie("value"), { maxKeys: 6 }),
      fc.constantFrom(
        deep(2000, "x"),
        deep(2000, 1),
        Array.from({ length: 5000 }, () => "a"),
      ),
    ),
  }));
  return value;
}

/** An object with (some of) the given fields, each any value; the shape every request body is expected to have. */
export function fuzzObject(keys: readonly string[]): fc.Arbitrary<unknown> {
  const anyValue = fuzzJson(keys);
  return fc.dictionary(keys.length > 0 ? fc.oneof(fc.constantFrom(...keys), prototypeKeys) : prototypeKeys, anyValue, {
    maxKeys: keys.length + 2,
  });
}
