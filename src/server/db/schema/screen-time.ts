import { sql } from "drizzle-orm";
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { MINUTES_PER_DAY, screenTimePeriods, screenTimeSources, type TopApp } from "#shared/screen-time/rules.ts";
import { users } from "./auth.ts";
import { createdAt, oneOf, updatedAt } from "./columns.ts";

// Screen time and the evening (issue 55).

/**
 * One check-in per day on his clock: the figure he confirmed, read in his browser from his phone's own screen or typed.
 * Nothing of the picture is stored. His earliest day is his starting point.
 */
export const screenTimeDays = pgTable(
  "screen_time_days",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD on his clock. */
    day: text("day").notNull(),
    /** Minutes a day: that day's total, or the week's daily average (`period`). */
    minutes: integer("minutes").notNull(),
    period: text("period", { enum: screenTimePeriods }).notNull(),
    source: text("source", { enum: screenTimeSources }).notNull(),
    /** The apps his phone listed first, only if he kept them. */
    topApps: jsonb("top_apps").$type<TopApp[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.day] }),
    check("screen_time_days_minutes_check", sql`${t.minutes} between 0 and ${sql.raw(String(MINUTES_PER_DAY))}`),
    check("screen_time_days_period_check", oneOf(t.period, screenTimePeriods)),
    check("screen_time_days_source_check", oneOf(t.source, screenTimeSources)),
  ],
);

/** His one-tap "Phone down" answer to the evening's nudge: one per day on his clock; each counts toward his streak. */
export const phoneDownAnswers = pgTable(
  "phone_down_answers",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** YYYY-MM-DD on his clock: the evening he answered for. */
    day: text("day").notNull(),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
