import { expect, test } from "vitest";
import { generationCost, parseModelPrices } from "./model-prices.ts";

test("reads model=input/output pairs in euros per million tokens, and names the first part that is not one", () => {
  const read = parseModelPrices(" claude-sonnet-4-5=2.80/14, gpt-4o=2.3/9.20 ,");
  expect(read).toEqual({
    prices: new Map([
      ["claude-sonnet-4-5", { inputPerMillion: 2.8, outputPerMillion: 14 }],
      ["gpt-4o", { inputPerMillion: 2.3, outputPerMillion: 9.2 }],
    ]),
  });
  expect(parseModelPrices("")).toEqual({ prices: new Map() });
  expect(parseModelPrices("gpt-4o=2.30")).toEqual({
    error: '"gpt-4o=2.30" is not model=input/output, e.g. gpt-4o=2.30/9.20 (euros per million tokens)',
  });
  expect(parseModelPrices("gpt-4o=-1/2")).toHaveProperty("error");
});

test("prices the tokens of a listed model, nothing for the offline writer, and no guess for an unlisted one", () => {
  const prices = new Map([["gpt-4o", { inputPerMillion: 2.5, outputPerMillion: 10 }]]);
  const tokens = { inputTokens: 2_000_000, outputTokens: 500_000 };
  expect(generationCost(prices, { provider: "openai-compatible", model: "gpt-4o", ...tokens })).toBe(10);
  expect(generationCost(prices, { provider: "offline", model: "offline", ...tokens })).toBe(0);
  expect(generationCost(prices, { provider: "anthropic", model: "claude-opus", ...tokens })).toBeNull();
});
