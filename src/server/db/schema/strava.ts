import { bigint, check, index, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import type { ActivityReading } from "#shared/proof/contracts.ts";
import { stravaOutcomes } from "#shared/strava/rules.ts";
import { users } from "./auth.ts";
import { createdAt, oneOf } from "./columns.ts";
import { milestones } from "./plan.ts";

// Strava: his connection, the connect states, and the activities it sent (issue 56, decision 0165).

/**
 * His link to Strava: the athlete, the scope he granted and the tokens, encrypted (strava/token-crypto.ts). Strava
 * rotates the refresh token, so a refresh locks this row: another instance waits and reads the new pair. `busy_until`:
 * Strava's limits hold his events back until then ("Strava is busy, your run will appear shortly").
 */
export const stravaConnections = pgTable("strava_connections", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  athleteId: bigint("athlete_id", { mode: "number" }).notNull().unique(),
  athleteName: text("athlete_name").notNull(),
  scope: text("scope").notNull(),
  accessToken: text("access_token").notNull(),
  refreshToken: text("refresh_token").notNull(),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  busyUntil: timestamp("busy_until", { withTimezone: true }),
  connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A connect in flight: the `state` Strava hands back (kept as its SHA-256), bound to the man who asked, for ten
 * minutes and one use. A callback whose state is unknown, used, expired or another man's connects nothing.
 */
export const stravaConnectStates = pgTable(
  "strava_connect_states",
  {
    stateHash: text("state_hash").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    returnTo: text("return_to").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("strava_connect_states_user_idx").on(t.userId)],
);

/**
 * Each activity Strava told us of, and what became of it (`outcome`, shared/strava/rules.ts). Only what the proof
 * needs is kept: its name and sport for his list, and the checked reading. `event_time`: the newest event applied, so
 * an older one retried late changes nothing.
 */
export const stravaActivities = pgTable(
  "strava_activities",
  {
    activityId: bigint("activity_id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull().default(""),
    sport: text("sport").notNull().default(""),
    startedAt: timestamp("started_at", { withTimezone: true }),
    outcome: text("outcome", { enum: stravaOutcomes }).notNull(),
    reasonCode: text("reason_code"),
    reading: jsonb("reading").$type<ActivityReading>(),
    milestoneId: uuid("milestone_id").references(() => milestones.id, { onDelete: "set null" }),
    eventTime: bigint("event_time", { mode: "number" }).notNull(),
    receivedAt: createdAt(),
  },
  (t) => [
    index("strava_activities_user_idx").on(t.userId, t.receivedAt),
    index("strava_activities_milestone_idx").on(t.milestoneId),
    check("strava_activities_outcome_check", oneOf(t.outcome, stravaOutcomes)),
  ],
);
