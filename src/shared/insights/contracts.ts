import { z } from "zod";
import { answer } from "../answer.ts";

/**
 * ActivityWeek, DeadlineRecord (rules.ts) and Streak (streak.ts) as answered; their types are checked equal to these
 * schemas' in contracts.types.test.ts.
 */
const activityWeekSchema = z.object({
  monday: z.string(),
  week: z.string(),
  days: z.array(z.object({ date: z.string(), count: z.number(), today: z.boolean(), future: z.boolean() })),
});
const deadlineRecordSchema = z.object({
  onTime: z.number(),
  late: z.number(),
  overdue: z.number(),
  upcoming: z.number(),
});
export const streakSchema = answer(
  z.object({
    weeks: z.number(),
    restWeeks: z.number(),
    thisWeekDone: z.boolean(),
    restWeekAvailable: z.boolean(),
    recent: z.array(
      z.object({
        monday: z.string(),
        week: z.string(),
        status: z.enum(["done", "rest", "missed", "current", "before"]),
      }),
    ),
  }),
);

/** One line of the progress chart: an accepted challenge's progress (0–100) at the end of each of the weeks. */
const challengeProgressLineSchema = z.object({ id: z.string(), title: z.string(), points: z.array(z.number()) });
export type ChallengeProgressLine = z.infer<typeof challengeProgressLineSchema>;

/**
 * GET /api/insights: what the insights page draws, dated on his clock (`timeZone`: his reminder time zone, UTC until
 * his browser has told it). `progress.weeks` are the Mondays the points belong to: `activity`'s weeks from the one he
 * signed up in (issue 35 row 9).
 */
export const insightsSchema = answer(
  z.object({
    timeZone: z.string(),
    today: z.string(),
    streak: streakSchema,
    activity: z.array(activityWeekSchema),
    progress: z.object({ weeks: z.array(z.string()), challenges: z.array(challengeProgressLineSchema) }),
    deadlines: deadlineRecordSchema,
  }),
);
export type Insights = z.infer<typeof insightsSchema>;
