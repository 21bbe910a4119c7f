import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { paths } from "../../../shared/paths.ts";
import {
  type ReminderSettings,
  reminderSettingsPatchSchema,
  type UnsubscribeAnswer,
  unsubscribeSchema,
} from "../../../shared/reminders/contracts.ts";
import { requireUser } from "../../auth/session.ts";
import type { AppEnv } from "../../context.ts";
import { users } from "../../db/schema.ts";
import { validate } from "../../http/validation.ts";
import { DomainError } from "../../services/domain-error.ts";
import { readReminderSettings, turnOffList, updateReminderSettings } from "../../services/reminders/settings.ts";
import { readUnsubscribeToken } from "../../services/reminders/unsubscribe-token.ts";

/**
 * His reminder e-mails (decision 0094): the settings page's switches and the time zone his browser reports, and
 * the one-click unsubscribe of RFC 8058, which works without a session: mail providers POST it from their servers.
 */
export const reminderRoutes = new Hono<AppEnv>()
  .get("/settings", requireUser, async (c) => {
    return c.json<ReminderSettings>(await readReminderSettings(c.var.deps.database.db, c.var.user.id), 200);
  })
  .patch("/settings", requireUser, validate("json", reminderSettingsPatchSchema), async (c) => {
    const settings = await updateReminderSettings(c.var.deps.database.db, c.var.user.id, c.req.valid("json"));
    return c.json<ReminderSettings>(settings, 200);
  })
  .post("/unsubscribe", validate("query", unsubscribeSchema), async (c) => {
    const { env, database } = c.var.deps;
    const target = readUnsubscribeToken(env.AUTH_SECRET, c.req.valid("query").token);
    if (!target) throw new DomainError("reminders.unsubscribeInvalid");
    const [user] = await database.db.select({ id: users.id }).from(users).where(eq(users.id, target.userId));
    // A deleted account gets no e-mail anyway: the answer is the same, so the link reveals nothing.
    if (user) await turnOffList(database.db, user.id, target.list);
    return c.json<UnsubscribeAnswer>({ list: target.list }, 200);
  })
  // The one-click address opened in a browser: the page with the button, which asks before it changes anything.
  .get("/unsubscribe", (c) => {
    const token = c.req.query("token") ?? "";
    return c.redirect(`${paths.unsubscribe}?token=${encodeURIComponent(token)}`, 303);
  });
