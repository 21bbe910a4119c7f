import { Hono } from "hono";
import type { AuthedEnv } from "#server/context.ts";
import { blockRoutes } from "./blocks.routes.ts";
import { cheerRoutes } from "./cheers.routes.ts";
import { commentRoutes } from "./comments.routes.ts";
import { digestRoutes } from "./digest.routes.ts";
import { feedRoutes } from "./feed.routes.ts";
import { notificationRoutes } from "./notifications.routes.ts";
import { overviewRoutes } from "./overview.routes.ts";
import { reportRoutes } from "./reports.routes.ts";
import { waitlistRoutes } from "./waitlist.routes.ts";

/**
 * The community (/api/community), one router per resource (decision 0169). Before it opens for him: the feed
 * preview's numbers, 'Notify Me When Ready' and the waitlist. Once he is admitted: the feed, its posts, cheers,
 * comments, reports and blocks, his notifications and the daily digest. What only members reach is registered on a
 * `memberRouter()` (member-router.ts), which guards and documents every route it holds; the rest is public or asks
 * only for a session, as each route says.
 */
export const communityRoutes = new Hono<AuthedEnv>()
  .route("/", overviewRoutes)
  .route("/", waitlistRoutes)
  .route("/", feedRoutes)
  .route("/", cheerRoutes)
  .route("/", commentRoutes)
  .route("/", reportRoutes)
  .route("/", blockRoutes)
  .route("/", notificationRoutes)
  .route("/", digestRoutes);
