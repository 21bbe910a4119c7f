import { sql } from "drizzle-orm";
import { check, integer, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth.ts";
import { createdAt } from "./columns.ts";

// The first challenge: the run he validated.

export const runValidations = pgTable(
  "run_validations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: "cascade" }),
    previousMaxDuration: integer("previous_max_duration"),
    todayDuration: integer("today_duration").notNull(),
    notes: text("notes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check("run_validations_previous_check", sql`${t.previousMaxDuration} is null or ${t.previousMaxDuration} >= 1`),
    check("run_validations_today_check", sql`${t.todayDuration} >= 1`),
  ],
);
