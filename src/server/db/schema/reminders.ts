import { sql } from "drizzle-orm";
import { boolean, check, index, pgTable, text, timestamp, unique, uuid } from "drizzle-orm/pg-core";
import { reminderKinds } from "#shared/reminders/rules.ts";
import { users } from "./auth.ts";
import { createdAt, oneOf, updatedAt } from "./columns.ts";

// Reminders, the calendar feed and web push (issue 14).

/**
 * A user's reminder choices and the time zone his browser reported. Every man has his row from sign-up, made by a
 * trigger on users (decision 0186) with the defaults: every reminder on, time zone not yet known.
 */
export const reminderSettings = pgTable(
  "reminder_settings",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** The e-mail the day before a milestone is due and the one on the day it falls overdue. */
    deadlineEmails: boolean("deadline_emails").notNull().default(true),
    /** The Monday-morning summary. */
    weeklySummary: boolean("weekly_summary").notNull().default(true),
    /** IANA time zone name from the browser (Intl), e.g. Europe/Berlin; null until the browser has sent one. */
    timeZone: text("time_zone"),
    /** The weekly nudge to check in his screen time (issue 55). */
    screenTimeCheckIn: boolean("screen_time_check_in").notNull().default(true),
    /** "22:45" on his clock: the evening's phone-down nudge (issue 55); null (the default) until he picks a time. */
    phoneDownAt: text("phone_down_at"),
    /** His partner sees his screen-time trend: off until he allows it. */
    partnerSeesScreenTime: boolean("partner_sees_screen_time").notNull().default(false),
    /**
     * The ISO week ("2026-W49") of his last weekly summary claimed, and of his last check-in nudge claimed: the job
     * reads only the men of a due zone not yet done this week (decision 0168). Kept by the claims; the delivery's
     * unique key, not these, is what makes "once".
     */
    weeklySummaryWeek: text("weekly_summary_week"),
    checkInWeek: text("check_in_week"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The evening tick reads only the men who picked a phone-down time.
    index("reminder_settings_phone_down_idx").on(t.phoneDownAt).where(sql`${t.phoneDownAt} is not null`),
    // The zones people are in (read in a few index probes), and per zone the men whose weekly summary or check-in
    // nudge is not yet claimed this week (decision 0168). The zone as the job reads it: UTC until known.
    index("reminder_settings_zone_summary_idx").on(
      sql`coalesce(${t.timeZone}, 'UTC')`,
      t.weeklySummary,
      sql`coalesce(${t.weeklySummaryWeek}, '')`,
      t.userId,
    ),
    index("reminder_settings_zone_check_in_idx")
      .on(sql`coalesce(${t.timeZone}, 'UTC')`, sql`coalesce(${t.checkInWeek}, '')`, t.userId)
      .where(sql`${t.screenTimeCheckIn}`),
  ],
);

/**
 * One row per reminder e-mail, claimed before it is sent: the unique key is what makes "never two copies" hold across
 * server instances and restarts. The subject names what the reminder is about (a milestone and its deadline date, or
 * the week of a summary), so a moved deadline earns a new reminder.
 */
export const reminderDeliveries = pgTable(
  "reminder_deliveries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: reminderKinds }).notNull(),
    subjectKey: text("subject_key").notNull(),
    /** Null while claimed and not yet handed to the mail server. */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique("reminder_deliveries_once").on(t.userId, t.kind, t.subjectKey),
    check("reminder_deliveries_kind_check", oneOf(t.kind, reminderKinds)),
  ],
);

/** The secret behind a user's private calendar (iCalendar) URL; renewing replaces it, revoking deletes the row. */
export const calendarFeeds = pgTable("calendar_feeds", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  token: text("token").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * A device's web push subscription (decision 0098): where its browser's push service takes messages for it (the
 * endpoint, a capability URL) and the keys that encrypt them to the browser (RFC 8291). One endpoint belongs to one
 * user at a time: the last one to switch push on in that browser.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    endpoint: text("endpoint").notNull().unique(),
    /** The browser's P-256 public key, base64url. */
    p256dh: text("p256dh").notNull(),
    /** The browser's 16-byte authentication secret, base64url. */
    auth: text("auth").notNull(),
    /** "Chrome on Android": read from the User-Agent when he switched it on, for telling his devices apart. */
    deviceLabel: text("device_label").notNull(),
    createdAt: createdAt(),
    /** When its push service last accepted a push for it. */
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user_idx").on(t.userId)],
);
