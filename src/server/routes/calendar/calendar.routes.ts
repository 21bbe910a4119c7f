import { Hono } from "hono";
import { clientIp } from "#server/auth/client-ip.ts";
import { createRateLimiter } from "#server/auth/rate-limit.ts";
import { requireUser } from "#server/auth/session.ts";
import type { AppEnv } from "#server/context.ts";
import type { Env } from "#server/env.ts";
import { documented } from "#server/http/openapi.ts";
import { calendarFileOfToken } from "#server/services/calendar/feed-calendar.ts";
import {
  ensureFeedToken,
  FEED_TOKEN_PATTERN,
  type FeedRow,
  readFeedToken,
  renewFeedToken,
  revokeFeedToken,
} from "#server/services/calendar/feed-tokens.ts";
import {
  type CalendarFeed,
  type CalendarFeedAnswer,
  calendarFeedAnswerSchema,
  calendarLinks,
} from "#shared/calendar/contracts.ts";

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
  .get(
    "/feed",
    documented({
      tag: "Reminders",
      summary: "His private calendar link, if he made one (decision 0092).",
      description:
        "`{feed: {url, webcalUrl, googleUrl, createdAt} \\| null}` — his private calendar link, if he made one.",
      ok: {
        200: { description: "`{feed: {url, webcalUrl, googleUrl, createdAt} | null}`", body: calendarFeedAnswerSchema },
      },
    }),
    requireUser,
    async (c) => {
      return c.json(
        feedAnswer(c.get("deps").env, await readFeedToken(c.get("deps").database.db, c.get("user").id)),
        200,
      );
    },
  )
  .post(
    "/feed",
    documented({
      tag: "Reminders",
      summary: "Make his private calendar link (a repeat keeps the existing one).",
      description: "The same, creating the link if he has none (a repeat keeps the existing link).",
      ok: { 200: { description: "`{feed}`", body: calendarFeedAnswerSchema } },
    }),
    requireUser,
    async (c) => {
      return c.json(
        feedAnswer(c.get("deps").env, await ensureFeedToken(c.get("deps").database.db, c.get("user").id)),
        200,
      );
    },
  )
  .post(
    "/feed/renew",
    documented({
      tag: "Reminders",
      summary: "A new calendar link; the old one answers 404 from now on.",
      description: "A new link; the old one answers 404 from now on.",
      ok: { 200: { description: "`{feed}`", body: calendarFeedAnswerSchema } },
    }),
    requireUser,
    async (c) => {
      return c.json(
        feedAnswer(c.get("deps").env, await renewFeedToken(c.get("deps").database.db, c.get("user").id)),
        200,
      );
    },
  )
  .delete(
    "/feed",
    documented({
      tag: "Reminders",
      summary: "Turn the calendar link off.",
      description: "`{feed: null}`; the link answers 404 from now on.",
      ok: { 200: { description: "`{feed: null}`", body: calendarFeedAnswerSchema } },
    }),
    requireUser,
    async (c) => {
      await revokeFeedToken(c.get("deps").database.db, c.get("user").id);
      return c.json(feedAnswer(c.get("deps").env, null), 200);
    },
  )
  .get(
    `/:file{${FEED_TOKEN_PATTERN}\\.ics}`,
    documented({
      tag: "Reminders",
      summary: "The feed itself, for calendar apps: no session, the token in the path is the key.",
      description:
        "No session: `text/calendar`, one all-day event per dated milestone of his accepted challenges (decision 0092). Any token that opens no feed → 404 `Not found`; 429 over 60 fetches per feed or 30 unknown-token fetches per IP in 15 minutes.",
      ok: { 200: "One all-day event per dated milestone of his accepted challenges" },
      media: "text/calendar",
      errors: ["calendar.feedNotFound", "limit.tooManyRequests"],
      public: true,
    }),
    async (c) => {
      const { env, database } = c.get("deps");
      const text = await calendarFileOfToken(
        {
          db: database.db,
          limiter: createRateLimiter(database.db, env.rateLimits, env.AUTH_SECRET),
          appName: env.publicConfig.appName,
          appUrl: env.APP_URL,
        },
        c.req.param("file").slice(0, -".ics".length),
        clientIp(c, env.trustedProxyHops),
      );
      return c.body(text, 200, {
        "Content-Type": "text/calendar; charset=utf-8",
        "Content-Disposition": 'inline; filename="milestones.ics"',
        // A private address: never kept by a shared cache, never indexed.
        "Cache-Control": "private, no-cache",
        "X-Robots-Tag": "noindex",
        "Referrer-Policy": "no-referrer",
      });
    },
  );
