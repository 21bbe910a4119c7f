import { sql } from "drizzle-orm";
import type { Db } from "#server/db/client.ts";
import {
  communityMembers,
  modelGenerations,
  profiles,
  quizResponses,
  users,
  waitlistSignups,
} from "#server/db/schema.ts";
import type { AdminOverview } from "#shared/admin/contracts.ts";
import { generationCost, type ModelPrice } from "#shared/admin/model-prices.ts";
import { premiumCondition } from "../billing/premium.ts";
import { countOpenReports } from "./moderation.ts";

const n = (value: unknown) => Number(value ?? 0);

/**
 * The counts an operator looks at (issue 40), each one query over the whole app. Premium is the app's own rule
 * (`premiumCondition`: a paid status whose end has not passed, or a balance granted by hand), so the count is the
 * men who see Premium today, not rows of Stripe's. Generations carry tokens; their cost is those tokens at the prices
 * the operator configured (AI_PRICES), and a model without a price has none rather than a guessed one (decision 0136).
 */
export async function adminOverview(
  db: Db,
  prices: ReadonlyMap<string, ModelPrice>,
  now: Date = new Date(),
): Promise<AdminOverview> {
  const [counts] = (
    await db.execute<Record<string, unknown>>(sql`select
      (select count(*) from ${users}) as sign_ups,
      (select count(*) from ${quizResponses} where ${quizResponses.generationStatus} = 'done') as plans_written,
      (select count(*) from ${profiles} where ${premiumCondition(now)}) as premium_members,
      (select count(*) from ${communityMembers} where ${communityMembers.suspendedAt} is null) as members,
      (select count(*) from ${communityMembers} where ${communityMembers.suspendedAt} is not null) as suspended,
      (select count(*) from ${waitlistSignups} where not exists (
        select 1 from ${communityMembers} where ${communityMembers.userId} = ${waitlistSignups.userId})) as waiting`)
  ).rows;
  const byModel = await db
    .select({
      provider: modelGenerations.provider,
      model: modelGenerations.model,
      count: sql<number>`count(*)::int`,
      failed: sql<number>`(count(*) filter (where ${modelGenerations.status} = 'failed'))::int`,
      inputTokens: sql<number>`coalesce(sum(${modelGenerations.inputTokens}), 0)::bigint`,
      outputTokens: sql<number>`coalesce(sum(${modelGenerations.outputTokens}), 0)::bigint`,
    })
    .from(modelGenerations)
    .groupBy(modelGenerations.provider, modelGenerations.model)
    .orderBy(sql`count(*) desc`);
  const models = byModel.map((m) => {
    const row = {
      provider: m.provider,
      model: m.model,
      count: n(m.count),
      inputTokens: n(m.inputTokens),
      outputTokens: n(m.outputTokens),
    };
    return { ...row, cost: generationCost(prices, row) };
  });
  const sum = (pick: (m: (typeof models)[number]) => number) => models.reduce((total, m) => total + pick(m), 0);
  return {
    signUps: n(counts?.sign_ups),
    plansWritten: n(counts?.plans_written),
    premiumMembers: n(counts?.premium_members),
    generations: {
      total: sum((m) => m.count),
      failed: byModel.reduce((total, m) => total + n(m.failed), 0),
      inputTokens: sum((m) => m.inputTokens),
      outputTokens: sum((m) => m.outputTokens),
      byModel: models,
      cost: {
        euros: sum((m) => m.cost ?? 0),
        complete: models.every((m) => m.cost !== null),
      },
    },
    community: {
      members: n(counts?.members),
      suspended: n(counts?.suspended),
      waiting: n(counts?.waiting),
      openReports: await countOpenReports(db),
    },
  };
}
