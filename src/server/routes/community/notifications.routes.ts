import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AuthedEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { validate } from "#server/http/validation.ts";
import { membership } from "#server/services/community/admission.ts";
import { countUnread, markNotificationsRead, readNotifications } from "#server/services/community/notifications.ts";
import {
  communityNewsSchema,
  markReadSchema,
  NOTIFICATIONS_SHOWN,
  notificationsAnswerSchema,
} from "#shared/community/notifications.ts";
import { memberRouter } from "./member-router.ts";

/** His latest notifications (decision 0137): his own only, members only. */
const latest = memberRouter().get(
  "/notifications",
  documented({
    tag: "Community",
    summary: "His latest notifications, newest first, and how many are unread (members only).",
    description: `Up to ${NOTIFICATIONS_SHOWN}: who cheered his win or commented under it, the win's label and the comment's opening words. Only what he may still see: nothing by a member he blocked, no removed or reported comment, no cheer taken back.`,
    ok: { 200: { description: "`{notifications, unread}`", body: notificationsAnswerSchema } },
  }),
  async (c) => {
    return c.json(await readNotifications(c.get("deps").database.db, c.get("user").id), 200);
  },
);

/** Marking them read (members only). */
const markRead = memberRouter().post(
  "/notifications/read",
  documented({
    tag: "Community",
    summary: "Mark his notifications read: all, or those up to `until` (members only).",
    description:
      "`{until?}` (ISO date-time: the newest one the list showed, so one that arrived meanwhile stays unread) → `{notifications, unread}`.",
    ok: { 200: { description: "`{notifications, unread}` after marking", body: notificationsAnswerSchema } },
  }),
  validate("json", markReadSchema),
  async (c) => {
    const { db } = c.get("deps").database;
    const { until } = c.req.valid("json");
    await markNotificationsRead(db, c.get("user").id, new Date(), until ? new Date(until) : undefined);
    return c.json(await readNotifications(db, c.get("user").id), 200);
  },
);

/**
 * His notifications and, between the list and marking it read, the menus' badge: how many are unread, which any
 * signed-in man may ask (0 for a man not let in or suspended), so it is not on the member router.
 */
export const notificationRoutes = new Hono<AuthedEnv>()
  .route("/", latest)
  .get(
    "/news",
    documented({
      tag: "Community",
      summary: "How many of his notifications are unread: the badge on Community in the menus (any signed-in man).",
      description:
        "`{unread}`: the same count `GET /api/community/notifications` gives. Every dashboard page asks for it, and asks again each minute while it is in view (decision 0151), so a man not let in, or suspended, gets `{unread: 0}` rather than a refusal.",
      ok: { 200: { description: "`{unread}`", body: communityNewsSchema } },
    }),
    requireUser,
    async (c) => {
      const { db } = c.get("deps").database;
      const member = (await membership(db, c.get("user").id)) === "member";
      return c.json({ unread: member ? await countUnread(db, c.get("user").id) : 0 }, 200);
    },
  )
  .route("/", markRead);
