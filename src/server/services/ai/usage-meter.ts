import { contextStorage } from "#server/async-context.ts";

/** The tokens the model calls of one generation used: a plan takes three calls, a retried step one more. */
export type Usage = { calls: number; inputTokens: number; outputTokens: number };

const meters = contextStorage<Usage>();

/**
 * Runs one generation with a meter the model calls inside it add their usage to, so the generation's row can hold the
 * sum without every generator method returning it.
 */
export async function metered<T>(run: () => Promise<T>): Promise<{ usage: Usage; outcome: PromiseSettledResult<T> }> {
  const usage: Usage = { calls: 0, inputTokens: 0, outputTokens: 0 };
  const outcome = await meters.run(usage, () =>
    run().then(
      (value): PromiseSettledResult<T> => ({ status: "fulfilled", value }),
      (reason: unknown): PromiseSettledResult<T> => ({ status: "rejected", reason }),
    ),
  );
  return { usage, outcome };
}

/** Adds one model call's usage to the generation it runs in (none outside one). */
export function recordUsage(inputTokens: number | undefined, outputTokens: number | undefined) {
  const usage = meters.getStore();
  if (!usage) return;
  usage.calls += 1;
  usage.inputTokens += inputTokens ?? 0;
  usage.outputTokens += outputTokens ?? 0;
}
