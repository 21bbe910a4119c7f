import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import type { Deps } from "#server/context.ts";
import type { Db } from "#server/db/client.ts";
import { type modelGenerationKinds, modelGenerations } from "#server/db/schema.ts";
import { DAY_MS } from "#shared/time.ts";
import { metered } from "../ai/usage-meter.ts";
import { DomainError } from "../domain-error.ts";

type Kind = (typeof modelGenerationKinds)[number];
type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type GenerationOptions = {
  now?: Date;
  /**
   * The row of this same generation, begun by an instance that died mid-way (a plan taken over, decision 0121): it is
   * continued, not counted again, and nothing is refused for the cap it was already counted against (issue 52 row 9).
   * A row that is gone or no longer running is not continued: a new one is counted.
   */
  continues?: string | null;
  /** Called in the transaction that writes a new row, before any model is asked: keeps its id with the work. */
  recorded?: (tx: Tx, id: string) => Promise<void>;
  /** Whether this caller still ends the generation when its work ends (a plan run taken over does not). */
  records?: () => Promise<boolean>;
};

/**
 * One generation by the AI, kept as a row (issue 28): the model and provider, how long it took, the tokens it used,
 * and whether it succeeded. Before a model is asked, the account's generations of the last 24 hours are counted
 * against AI_DAILY_GENERATIONS_PER_USER under a lock of his own, so parallel clicks cannot pass the cap together;
 * refused, nothing is called, stored or spent (429). The offline writer costs nothing and is never capped. The first
 * to end a generation records it: an instance cut off mid-way that ends after its taker changes nothing.
 */
export async function withModelGeneration<T>(
  deps: Deps,
  userId: string,
  kind: Kind,
  generate: () => Promise<T>,
  options: GenerationOptions = {},
): Promise<T> {
  const db = deps.database.db;
  const { name: provider, model } = deps.ai;
  const now = options.now ?? new Date();
  const continued = options.continues
    ? await db
        .update(modelGenerations)
        .set({ provider, model })
        .where(
          and(
            eq(modelGenerations.id, options.continues),
            eq(modelGenerations.userId, userId),
            eq(modelGenerations.status, "running"),
          ),
        )
        .returning({ id: modelGenerations.id })
    : [];
  const id =
    continued[0]?.id ??
    (await db.transaction(async (tx) => {
      if (provider !== "offline") {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`model-generations:${userId}`}))`);
        const [used] = await tx
          .select({ n: count() })
          .from(modelGenerations)
          .where(
            and(
              eq(modelGenerations.userId, userId),
              ne(modelGenerations.provider, "offline"),
              gt(modelGenerations.createdAt, new Date(now.getTime() - DAY_MS)),
            ),
          );
        if ((used?.n ?? 0) >= deps.env.AI_DAILY_GENERATIONS_PER_USER) throw new DomainError("ai.dailyLimit");
      }
      const [row] = await tx
        .insert(modelGenerations)
        .values({ userId, kind, provider, model, createdAt: now })
        .returning({ id: modelGenerations.id });
      if (row) await options.recorded?.(tx, row.id);
      return row?.id;
    }));
  const started = performance.now();
  const { usage, outcome } = await metered(generate);
  const durationMs = Math.round(performance.now() - started);
  const status = outcome.status === "fulfilled" ? "done" : "failed";
  const figures = usage.calls > 0 ? { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens } : {};
  const records = options.records ? await options.records().catch(() => true) : true;
  if (id && records) {
    await db
      .update(modelGenerations)
      .set({ status, durationMs, ...figures })
      .where(and(eq(modelGenerations.id, id), eq(modelGenerations.status, "running")))
      .catch((err) => deps.logger.error({ err, kind }, "could not record the model generation"));
  }
  // Figures only: what he wrote and what the model answered stay out of the log.
  deps.logger.info({ kind, provider, model, status, durationMs, calls: usage.calls, ...figures }, "AI generation");
  if (outcome.status === "rejected") throw outcome.reason;
  return outcome.value;
}
