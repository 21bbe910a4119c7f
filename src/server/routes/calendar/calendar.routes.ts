import { Hono } from "hono";
import { type CalendarFeed, type CalendarFeedAnswer, calendarLinks } from "../../../shared/calendar/contracts.ts";
import { clientIp } from "../../auth/client-ip.ts";
import { createRateLimiter, tooManyAttemptsMessage } from "../../auth/rate-limit.ts";
import { requireUser } from "../../auth/session.ts";
import type { AppEnv } from "../../context.ts";
import type { Env } from "../../env.ts";
import { notFound } from "../../http/errors.ts";
import { feedCalendar, readCalendarChallenges } from "../../services/calendar/feed-calendar.ts";
import {
  ensureFeedToken,
  FEED_TOKEN_PATTERN,
  type FeedRow,
  feedOwner,
  readFeedToken,
  renewFeedToken,
  revokeFeedToken,
} from "../../services/calendar/feed-tokens.ts";

function feedAnswer(env: Env, row: FeedRow | null): CalendarFeedAnswer {
  if (!row) return { feed: null };
  const url = new URL(`/api/calendar/${row.token}.ics`, env.APP_URL).toString();
  const feed: CalendarFeed = { ...calendarLinks(url), createdAt: row.createdAt.toISOString() };
  return { feed };
}

/**
 * His private calendar feed (decision 0092): he creates, renews or turns off its secret address signed in; calendar
 * apps fetch it with the token alone. A token that opens nothing answers the same 404 as any unknown path.
 */
export const calendarRoutes = new Hono<AppEnv>()
  .get("/feed", requireUser, async (c) => {
    return c.json(feedAnswer(c.var.deps.env, await readFeedToken(c.var.deps.database.db, c.var.user.id)), 200);
  })
  .post("/feed", requireUser, async (c) => {
    return c.json(feedAnswer(c.var.deps.env, await ensureFeedToken(c.var.deps.database.db, c.var.user.id)), 200);
  })
  .post("/feed/renew", requireUser, async (c) => {
    return c.json(feedAnswer(c.var.deps.env, await renewFeedToken(c.var.deps.database.db, c.var.user.id)), 200);
  })
  .delete("/feed", requireUser, async (c) => {
    await revokeFeedToken(c.var.deps.database.db, c.var.user.id);
    return c.json(feedAnswer(c.var.deps.env, null), 200);
  })
  .get(`/:file{${FEED_TOKEN_PATTERN}\\.ics}`, async (c) => {
    const { env, database } = c.var.deps;
    const token = c.req.param("file").slice(0, -".ics".length);
    const limiter = createRateLimiter(database.db, env.rateLimits, env.AUTH_SECRET);
    const owner = await feedOwner(database.db, token);
    // Unknown tokens count per IP (guessing); known ones per feed, since calendar services share their IPs.
    const verdict = owner
      ? await limiter.consume("calendarFeed", { email: `calendar-feed:${owner}` })
      : await limiter.consume("calendarFeed", { ip: clientIp(c, env.TRUST_PROXY) });
    if (!verdict.allowed) {
      c.header("Retry-After", String(verdict.retryAfterSeconds));
      return c.json({ error: tooManyAttemptsMessage(verdict.retryAfterSeconds) }, 429);
    }
    if (!owner) return notFound(c);
    const text = feedCalendar(await readCalendarChallenges(database.db, owner), {
      appName: env.publicConfig.appName,
      appUrl: env.APP_URL,
    });
    return c.body(text, 200, {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'inline; filename="milestones.ics"',
      // A private address: never kept by a shared cache, never indexed.
      "Cache-Control": "private, no-cache",
      "X-Robots-Tag": "noindex",
      "Referrer-Policy": "no-referrer",
    });
  });
