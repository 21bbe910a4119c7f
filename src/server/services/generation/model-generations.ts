import { and, count, eq, gt, ne, sql } from "drizzle-orm";
import type { Deps } from "#server/context.ts";
import { type modelGenerationKinds, modelGenerations } from "#server/db/schema.ts";
import { DAY_MS } from "#shared/time.ts";
import { metered } from "../ai/usage-meter.ts";
import { DomainError } from "../domain-error.ts";

type Kind = (typeof modelGenerationKinds)[number];

/**
 * One generation by the AI, kept as a row (issue 28): the model and provider, how long it took, the tokens it used,
 * and whether it succeeded. Before a model is asked, the account's generations of the last 24 hours are counted
 * against AI_DAILY_GENERATIONS_PER_USER under a lock of his own, so parallel clicks cannot pass the cap together;
 * refused, nothing is called, stored or spent (429). The offline writer costs nothing and is never capped.
 */
export async function withModelGeneration<T>(
  deps: Deps,
  userId: string,
  kind: Kind,
  generate: () => Promise<T>,
  now: Date = new Date(),
): Promise<T> {
  const db = deps.database.db;
  const { name: provider, model } = deps.ai;
  const id = await db.transaction(async (tx) => {
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
    return row?.id;
  });
  const started = performance.now();
  const { usage, outcome } = await metered(generate);
  const durationMs = Math.round(performance.now() - started);
  const status = outcome.status === "fulfilled" ? "done" : "failed";
  const figures = usage.calls > 0 ? { inputTokens: usage.inputTokens, outputTokens: usage.outputTokens } : {};
  if (id) {
    await db
      .update(modelGenerations)
      .set({ status, durationMs, ...figures })
      .where(eq(modelGenerations.id, id))
      .catch((err) => deps.logger.error({ err, kind }, "could not record the model generation"));
  }
  // Figures only: what he wrote and what the model answered stay out of the log.
  deps.logger.info({ kind, provider, model, status, durationMs, calls: usage.calls, ...figures }, "AI generation");
  if (outcome.status === "rejected") throw outcome.reason;
  return outcome.value;
}
