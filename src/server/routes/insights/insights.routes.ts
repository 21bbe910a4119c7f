import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { readInsights } from "#server/services/insights/insights.ts";
import { readStreak } from "#server/services/wins/streak.ts";
import type { Insights } from "#shared/insights/contracts.ts";
import { insightsSchema, streakSchema } from "#shared/insights/contracts.ts";
import type { Streak } from "#shared/insights/streak.ts";

/**
 * His progress in pictures (issue 27, decision 0109): the whole insights page, and the streak alone for the dashboard,
 * which asks again after every tick and needs none of the rest.
 */
export const insightRoutes = new Hono<AuthedEnv>()
  .use(requireUser)
  .get(
    "/",
    documented({
      tag: "Screens",
      summary: "His progress in pictures, dated on his clock (decision 0109).",
      description:
        "`Insights` (`src/shared/insights/contracts.ts`), dated on his clock (`timeZone`: his reminder time zone, `UTC` until known; `today`): `streak` (below); `activity`: 12 ISO weeks ending with this one, `[{monday, week, days: [{date, count, today, future}] × 7}]`, `count` the todos and milestones he completed that day; `progress: {weeks: [12 Mondays], challenges: [{id, title, points: [12 × 0–100]}]}` for the accepted challenges of his current plan with dated milestones, each week's progress at its end (this week: now), rebuilt from completion times with `challengeProgress`'s weighting; `deadlines: {onTime, late, overdue, upcoming}` of those milestones (on time: completed on or before the deadline's day on his clock). Only his own rows.",
      ok: {
        200: {
          description: "`Insights`: `{timeZone, today, streak, activity, progress, deadlines}`",
          body: insightsSchema,
        },
      },
    }),
    async (c) => {
      const insights: Insights = await readInsights(c.get("deps").database.db, c.get("user").id, new Date());
      return c.json(insights, 200);
    },
  )
  .get(
    "/streak",
    documented({
      tag: "Screens",
      summary: "The forgiving weekly streak alone, for the dashboard.",
      description:
        "`Streak`: `{weeks, restWeeks, thisWeekDone, restWeekAvailable, recent: [{monday, week, status: done \\| rest \\| missed \\| current \\| before}] × 12}`. A week is done when he completed a todo or milestone in it, or validated his run challenge in it (his first step, decision 0150). `weeks` counts the unbroken chain up to now, rest weeks included; one missed week in any four is a rest week, two in a row or two within four weeks end it; this week counts once something is done in it.",
      ok: { 200: { description: "`Streak`", body: streakSchema } },
    }),
    async (c) => {
      const streak: Streak = await readStreak(c.get("deps").database.db, c.get("user").id, new Date());
      return c.json(streak, 200);
    },
  );
