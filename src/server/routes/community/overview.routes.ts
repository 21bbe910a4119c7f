import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { communityOverview, requestCommunityNotice } from "#server/services/community/waitlist.ts";
import { communityOverviewSchema, notifyAnswerSchema } from "#shared/community/contracts.ts";

/** Before the community opens for him (any signed-in man): the feed preview's numbers and 'Notify Me When Ready'. */
export const overviewRoutes = new Hono<AuthedEnv>()
  .get(
    "/",
    documented({
      tag: "Community",
      summary: "The feed preview's numbers and his place on the waitlist, in one request.",
      description: "`{membersWaiting, notifyRequested, signup \\| null}` — the feed preview in one request.",
      ok: {
        200: {
          description: "`CommunityOverview`: `{membersWaiting, notifyRequested, signup}`",
          body: communityOverviewSchema,
        },
      },
    }),
    requireUser,
    async (c) => {
      return c.json(await communityOverview(c.get("deps").database.db, c.get("user").id), 200);
    },
  )
  .post(
    "/notify",
    documented({
      tag: "Community",
      summary: "'Notify Me When Ready'.",
      description: "201 the first time, 200 after.",
      ok: {
        201: { description: "`{notifyRequested: true}` the first time", body: notifyAnswerSchema },
        200: { description: "`{notifyRequested: true}` after", body: notifyAnswerSchema },
      },
    }),
    requireUser,
    async (c) => {
      const { created } = await requestCommunityNotice(c.get("deps").database.db, c.get("user").id);
      return c.json({ notifyRequested: true as const }, created ? 201 : 200);
    },
  );
