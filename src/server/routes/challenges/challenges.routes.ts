import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { idParam, validate } from "#server/http/validation.ts";
import { updateChallenge } from "#server/services/plan/challenges.ts";
import { planLimitMessages } from "#shared/billing/plans.ts";
import { challengeAnswerSchema, updateChallengeSchema } from "#shared/plan/contracts.ts";

/** Editing a generated challenge and accepting it, within the plan's limit of active challenges. */
export const challengeRoutes = new Hono<AuthedEnv>().use(requireUser).patch(
  "/:id",
  documented({
    tag: "Challenges and milestones",
    summary: "Edit a challenge's title or description, or accept it within his plan's limit.",
    description: `Body \`{title?, description?, challengeAccepted?}\`. \`{challenge}\`. Accepting beyond the plan's limit (free 1, premium 3, counted within the quiz response) → 403 \`${planLimitMessages.freeChallengeLimit}\` Accepts of one plan are serialised, so parallel accepts cannot exceed the limit.`,
    ok: { 200: { description: "`{challenge}`", body: challengeAnswerSchema } },
    errors: ["challenge.notFound", "challenge.freeLimit", "challenge.premiumLimit"],
  }),
  idParam("challenge.notFound"),
  validate("json", updateChallengeSchema),
  async (c) => {
    const { id } = c.req.valid("param");
    const challenge = await updateChallenge(c.get("deps").database.db, c.get("user").id, id, c.req.valid("json"));
    return c.json({ challenge }, 200);
  },
);
