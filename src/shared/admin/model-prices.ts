/**
 * What the operator pays his model provider, per million tokens, as `AI_PRICES` spells it (decision 0136):
 * `model=input/output` pairs separated by commas, in euros, e.g. `claude-sonnet-4-5=2.80/14.00,gpt-4o=2.30/9.20`.
 * The offline writer costs nothing; a model not listed has no cost shown rather than a guessed one.
 */
export type ModelPrice = { inputPerMillion: number; outputPerMillion: number };

const PAIR = /^([^=\s]+)=(\d+(?:\.\d+)?)\/(\d+(?:\.\d+)?)$/;

/** The prices by model, or the first part that is not `model=input/output`. */
export function parseModelPrices(text: string): { prices: Map<string, ModelPrice> } | { error: string } {
  const prices = new Map<string, ModelPrice>();
  for (const part of text
    .split(",")
    .map((p) => p.trim())
    .filter(Boolean)) {
    const match = PAIR.exec(part);
    if (!match)
      return { error: `"${part}" is not model=input/output, e.g. gpt-4o=2.30/9.20 (euros per million tokens)` };
    prices.set(match[1]!, { inputPerMillion: Number(match[2]), outputPerMillion: Number(match[3]) });
  }
  return { prices };
}

/** The cost in euros of these tokens, or null for a model without a price. */
export function generationCost(
  prices: ReadonlyMap<string, ModelPrice>,
  row: { provider: string; model: string; inputTokens: number; outputTokens: number },
): number | null {
  if (row.provider === "offline") return 0;
  const price = prices.get(row.model);
  if (!price) return null;
  return (row.inputTokens * price.inputPerMillion + row.outputTokens * price.outputPerMillion) / 1_000_000;
}
