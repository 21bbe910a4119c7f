import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { UNLIMITED_TOKENS } from "#shared/billing/plans.ts";
import { tokenActions } from "#shared/tokens/rules.ts";
import { users } from "./auth.ts";
import { createdAt, oneOf, updatedAt } from "./columns.ts";

// His profile (first name, token balance) and the tokens he spent.

export const profiles = pgTable(
  "profiles",
  {
    id: text("id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    /** -1 means unlimited. */
    tokensRemaining: integer("tokens_remaining").notNull().default(5),
    /** Calendar month (YYYY-MM) the free balance was last topped up for. */
    tokensPeriod: text("tokens_period"),
    subscriptionStatus: text("subscription_status").notNull().default("free"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    subscriptionEndsAt: timestamp("subscription_ends_at", { withTimezone: true }),
    stripeCustomerId: text("stripe_customer_id").unique(),
    /** When the user accepted the first (run) challenge; the 24-hour countdown runs from here. */
    challengeAcceptedAt: timestamp("challenge_accepted_at", { withTimezone: true }),
    /** Longest run the user stated when accepting (minutes); null = never ran (target 60 min). */
    runMaxDurationMinutes: integer("run_max_duration_minutes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("profiles_tokens_check", sql`${t.tokensRemaining} >= ${sql.raw(String(UNLIMITED_TOKENS))}`)],
);

export const tokenUsage = pgTable(
  "token_usage",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    actionType: text("action_type", { enum: tokenActions }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("token_usage_user_id_idx").on(t.userId),
    check("token_usage_action_check", oneOf(t.actionType, tokenActions)),
  ],
);
