import { z } from "zod";
import { answer } from "../answer.ts";
import { challengeSchema, milestoneSchema, missionSchema, todoSchema, tokenBalanceSchema } from "../plan/contracts.ts";
import { proofSummarySchema } from "../proof/contracts.ts";
import { replanOfferSchema } from "../replan/contracts.ts";
import { screenTimeSummarySchema } from "../screen-time/contracts.ts";

/**
 * A milestone as the dashboard shows it. `proof`: what proves it, an activity file's figures or a photo (issue 26);
 * null when he added none. `replan`: the re-plan proposal waiting for his answer (issue 27), null when none;
 * `replansUsed`: how many were written for this milestone, so the screen can say whether the next one costs a token.
 */
const dashboardMilestoneSchema = milestoneSchema.extend({
  todos: z.array(todoSchema),
  proof: proofSummarySchema.nullable(),
  replan: replanOfferSchema.nullable(),
  replansUsed: z.number(),
});
const dashboardChallengeSchema = challengeSchema.extend({ milestones: z.array(dashboardMilestoneSchema) });
export type DashboardChallenge = z.infer<typeof dashboardChallengeSchema>;

/**
 * `addChallenge` (issue 35): a premium member's way to his next challenge, present only while he can add one: fewer
 * active (accepted) challenges in his current plan than his plan allows and one of its challenges not accepted yet.
 * `active` counts the accepted ones, `max` is his plan's limit, `responseId` is the plan the challenge list shows.
 */
const addChallengeSchema = z.object({ responseId: z.string(), active: z.number(), max: z.number() });
export type AddChallenge = z.infer<typeof addChallengeSchema>;

/**
 * GET /api/dashboard: what the dashboard shows, in one request. `today`: his calendar day (YYYY-MM-DD) in the time
 * zone his browser last told the server (UTC until it has), the day a milestone counts as missed on.
 */
export const dashboardSchema = answer(
  z.object({
    firstName: z.string(),
    today: z.string(),
    tokens: tokenBalanceSchema,
    mission: missionSchema.nullable(),
    challenges: z.array(dashboardChallengeSchema),
    addChallenge: addChallengeSchema.nullable(),
    /** His screen time against his starting point (issue 55), or what to do to get that number. */
    screenTime: screenTimeSummarySchema,
  }),
);
export type Dashboard = z.infer<typeof dashboardSchema>;
