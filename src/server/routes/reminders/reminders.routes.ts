import { Hono } from "hono";
import { requireUser } from "#server/auth/session.ts";
import type { AppEnv } from "#server/context.ts";
import { documented } from "#server/http/openapi.ts";
import { toUnsubscribePage } from "#server/http/unsubscribe-page.ts";
import { validate } from "#server/http/validation.ts";
import { DomainError } from "#server/services/domain-error.ts";
import { readUnsubscribeToken } from "#server/services/outbox/unsubscribe-token.ts";
import { readReminderSettings, turnOffList, updateReminderSettings } from "#server/services/reminders/settings.ts";
import {
  type ReminderSettings,
  reminderSettingsPatchSchema,
  reminderSettingsSchema,
  type UnsubscribeAnswer,
  unsubscribeAnswerSchema,
  unsubscribeSchema,
} from "#shared/reminders/contracts.ts";
import { reminderMessages } from "#shared/reminders/rules.ts";

/**
 * His reminder e-mails (decision 0094): the settings page's switches and the time zone his browser reports, and
 * the one-click unsubscribe of RFC 8058, which works without a session: mail providers POST it from their servers.
 */
export const reminderRoutes = new Hono<AppEnv>()
  .get(
    "/settings",
    documented({
      tag: "Reminders",
      summary: "His reminder e-mail settings (decision 0094).",
      description:
        '`{deadlineEmails, weeklySummary, timeZone \\| null, screenTimeCheckIn, phoneDownAt: "HH:MM" \\| null, partnerSeesScreenTime}`; every list on until he turns it off, except the phone-down nudge (off until he picks a time) and his partner\'s view of his screen time (off until he allows it).',
      ok: {
        200: {
          description: "`ReminderSettings`",
          body: reminderSettingsSchema,
        },
      },
    }),
    requireUser,
    async (c) => {
      return c.json<ReminderSettings>(await readReminderSettings(c.get("deps").database.db, c.get("user").id), 200);
    },
  )
  .patch(
    "/settings",
    documented({
      tag: "Reminders",
      summary: "Change reminder settings; only the named fields change.",
      description: `Body \`{deadlineEmails?, weeklySummary?, timeZone?, screenTimeCheckIn?, phoneDownAt?, partnerSeesScreenTime?}\` (\`phoneDownAt\` "HH:MM" on his clock, or null for off). The settings as saved; only the named fields change. 400 \`Unknown time zone\`, 400 \`${reminderMessages.phoneDownTimeInvalid}\`, 400 \`Nothing to change\`.`,
      ok: { 200: { description: "`ReminderSettings` as saved", body: reminderSettingsSchema } },
    }),
    requireUser,
    validate("json", reminderSettingsPatchSchema),
    async (c) => {
      const settings = await updateReminderSettings(c.get("deps").database.db, c.get("user").id, c.req.valid("json"));
      return c.json<ReminderSettings>(settings, 200);
    },
  )
  .post(
    "/unsubscribe",
    documented({
      tag: "Reminders",
      summary: "RFC 8058 one-click unsubscribe, posted by mail providers: no session, the signed token is the key.",
      description:
        'No session (RFC 8058 one-click, posted by mail providers): `{list: "deadlines" \\| "weekly"}`, that list is off. A token the server did not sign → 400 with the message for the page.',
      ok: { 200: { description: "`{list}`: that list is off", body: unsubscribeAnswerSchema } },
      errors: ["reminders.unsubscribeInvalid"],
      public: true,
    }),
    validate("query", unsubscribeSchema),
    async (c) => {
      const { env, database } = c.get("deps");
      const target = readUnsubscribeToken(env.AUTH_SECRET, c.req.valid("query").token);
      if (!target) throw new DomainError("reminders.unsubscribeInvalid");
      // A deleted account's link gets the same answer, so the link reveals nothing.
      await turnOffList(database.db, target.userId, target.list);
      return c.json<UnsubscribeAnswer>({ list: target.list }, 200);
    },
  )
  // The one-click address opened in a browser: the page with the button, which asks before it changes anything.
  .get(
    "/unsubscribe",
    documented({
      tag: "Reminders",
      summary: "The unsubscribe address opened in a browser: to the page that asks first.",
      description: "303 to `/unsubscribe?token=…`, the page that asks before it changes anything.",
      ok: { 303: "To `/unsubscribe?token=…`" },
      public: true,
    }),
    toUnsubscribePage,
  );
