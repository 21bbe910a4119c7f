import { and, count, eq, ne, sql } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "#server/db/client.ts";
import { challenges, milestones } from "#server/db/schema.ts";
import type { Challenge, updateChallengeSchema } from "#shared/plan/contracts.ts";
import { memberPlan } from "../billing/member-plan.ts";
import { DomainError } from "../domain-error.ts";
import { toChallenge } from "./plan-read.ts";

type ChallengeChanges = z.output<typeof updateChallengeSchema>;

/** Edits a generated challenge of this user; accepting it must stay within the plan's limit of active challenges. */
export async function updateChallenge(
  db: Db,
  userId: string,
  id: string,
  changes: ChallengeChanges,
): Promise<Challenge> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(challenges)
      .where(and(eq(challenges.id, id), eq(challenges.userId, userId)));
    if (!current) throw new DomainError("challenge.notFound");

    if (changes.challengeAccepted === true && !current.challengeAccepted) {
      // Accepts within one plan queue up on its quiz response row, so two parallel accepts cannot both slip
      // under the limit (decision 0033: the limit counts the challenges of the current plan).
      await tx.execute(sql`select 1 from quiz_responses where id = ${current.quizResponseId} for update`);
      const [accepted] = await tx
        .select({ n: count() })
        .from(challenges)
        .where(
          and(
            eq(challenges.quizResponseId, current.quizResponseId),
            eq(challenges.challengeAccepted, true),
            ne(challenges.id, id),
          ),
        );
      const { premium, plan } = await memberPlan(tx, userId);
      if ((accepted?.n ?? 0) >= plan.maxActiveChallenges) {
        throw new DomainError(premium ? "challenge.premiumLimit" : "challenge.freeLimit");
      }
    }

    const [updated] = await tx
      .update(challenges)
      .set(changes)
      .where(and(eq(challenges.id, id), eq(challenges.userId, userId)))
      .returning();
    if (!updated) throw new DomainError("challenge.notFound");
    const milestoneRows = await tx.select().from(milestones).where(eq(milestones.challengeId, id));
    return toChallenge(updated, milestoneRows);
  });
}
