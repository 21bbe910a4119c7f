import { desc, eq, sql } from "drizzle-orm";
import { Hono } from "hono";
import {
  acceptChallengeSchema,
  type OnboardingState,
  type RunValidation,
  runValidationSchema,
} from "../../../shared/run-challenge/contracts.ts";
import { targetMinutes } from "../../../shared/run-challenge/rules.ts";
import type { AuthedEnv } from "../../context.ts";
import type { Db } from "../../db/client.ts";
import { profiles, quizResponses, runValidations } from "../../db/schema.ts";
import { requireUser } from "../../middleware/session.ts";
import { validate } from "./request-validation.ts";

type RunValidationRow = typeof runValidations.$inferSelect;

function toRunValidation(row: RunValidationRow): RunValidation {
  return {
    id: row.id,
    previousMaxDuration: row.previousMaxDuration,
    todayDuration: row.todayDuration,
    notes: row.notes,
    createdAt: row.createdAt.toISOString(),
  };
}

async function onboardingState(db: Db, userId: string): Promise<OnboardingState> {
  const [[profile], [validation], [quiz]] = await Promise.all([
    db
      .select({ acceptedAt: profiles.challengeAcceptedAt, max: profiles.runMaxDurationMinutes })
      .from(profiles)
      .where(eq(profiles.id, userId)),
    db.select().from(runValidations).where(eq(runValidations.userId, userId)).limit(1),
    db
      .select({ id: quizResponses.id, status: quizResponses.status, generationStatus: quizResponses.generationStatus })
      .from(quizResponses)
      .where(eq(quizResponses.userId, userId))
      .orderBy(desc(quizResponses.createdAt))
      .limit(1),
  ]);
  const acceptedAt = profile?.acceptedAt ?? null;
  return {
    challengeAcceptedAt: acceptedAt?.toISOString() ?? null,
    maxDurationMinutes: profile?.max ?? null,
    targetMinutes: acceptedAt ? targetMinutes(profile?.max ?? null) : null,
    runValidation: validation ? toRunValidation(validation) : null,
    latestQuiz: quiz ?? null,
  };
}

/** The run challenge: accepting it (the 24 h countdown starts once) and validating the run. */
export const onboardingRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get("/", async (c) => {
    return c.json(await onboardingState(c.var.deps.database.db, c.var.user.id), 200);
  })
  .post("/challenge", validate("json", acceptChallengeSchema), async (c) => {
    const { maxDurationMinutes } = c.req.valid("json");
    const db = c.var.deps.database.db;
    const userId = c.var.user.id;
    // The countdown counts from the first acceptance: a repeat keeps that time and only updates the stated max.
    await db
      .insert(profiles)
      .values({ id: userId, challengeAcceptedAt: sql`now()`, runMaxDurationMinutes: maxDurationMinutes })
      .onConflictDoUpdate({
        target: profiles.id,
        set: {
          challengeAcceptedAt: sql`coalesce(${profiles.challengeAcceptedAt}, now())`,
          runMaxDurationMinutes: maxDurationMinutes,
        },
      });
    return c.json(await onboardingState(db, userId), 200);
  })
  .post("/run-validation", validate("json", runValidationSchema), async (c) => {
    const body = c.req.valid("json");
    const db = c.var.deps.database.db;
    const userId = c.var.user.id;
    const [created] = await db
      .insert(runValidations)
      .values({ userId, ...body })
      .onConflictDoNothing({ target: runValidations.userId })
      .returning();
    if (created) return c.json({ runValidation: toRunValidation(created) }, 201);
    const [existing] = await db.select().from(runValidations).where(eq(runValidations.userId, userId));
    if (!existing) throw new Error("run validation vanished after a conflicting insert");
    return c.json({ runValidation: toRunValidation(existing) }, 200);
  });
