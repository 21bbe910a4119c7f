import { and, count, eq, ne, sql } from "drizzle-orm";
import { Hono } from "hono";
import { FREE_ACTIVE_CHALLENGES, PREMIUM_ACTIVE_CHALLENGES, planLimitMessages } from "../../../shared/billing/plans.ts";
import { updateChallengeSchema } from "../../../shared/plan/contracts.ts";
import type { AuthedEnv } from "../../context.ts";
import { challenges, milestones } from "../../db/schema.ts";
import { httpError } from "../../http-error.ts";
import { requireUser } from "../../middleware/session.ts";
import { isPremium } from "../../services/tokens/premium.ts";
import { idParam, validate } from "../onboarding/request-validation.ts";
import { toChallenge } from "../quiz/plan-read.ts";

const NOT_FOUND = "Challenge not found";

/** Editing a generated challenge and accepting it, within the plan's limit of active challenges. */
export const challengeRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .patch("/:id", idParam(NOT_FOUND), validate("json", updateChallengeSchema), async (c) => {
    const { id } = c.req.valid("param");
    const changes = c.req.valid("json");
    const userId = c.var.user.id;
    const challenge = await c.var.deps.database.db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(challenges)
        .where(and(eq(challenges.id, id), eq(challenges.userId, userId)));
      if (!current) throw httpError(404, NOT_FOUND);

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
        const limit = (await isPremium(tx, userId)) ? PREMIUM_ACTIVE_CHALLENGES : FREE_ACTIVE_CHALLENGES;
        if ((accepted?.n ?? 0) >= limit) {
          throw httpError(
            403,
            limit === FREE_ACTIVE_CHALLENGES
              ? planLimitMessages.freeChallengeLimit
              : planLimitMessages.premiumChallengeLimit,
          );
        }
      }

      const [updated] = await tx
        .update(challenges)
        .set(changes)
        .where(and(eq(challenges.id, id), eq(challenges.userId, userId)))
        .returning();
      if (!updated) throw httpError(404, NOT_FOUND);
      const milestoneRows = await tx.select().from(milestones).where(eq(milestones.challengeId, id));
      return toChallenge(updated, milestoneRows);
    });
    return c.json({ challenge }, 200);
  });
