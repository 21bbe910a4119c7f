import { sql } from "drizzle-orm";
import { bigint, check, index, integer, jsonb, pgTable, text, uuid } from "drizzle-orm/pg-core";
import type { ActivityReading } from "#shared/proof/contracts.ts";
import { proofKinds } from "#shared/proof/rules.ts";
import { users } from "./auth.ts";
import { createdAt, oneOf } from "./columns.ts";
import { runValidations } from "./onboarding.ts";
import { milestones } from "./plan.ts";

// Proof of a win: an activity file, a Strava run or a photo (issue 26, decision 0107).

/**
 * What proves the run challenge or a milestone: the figures and the route's shape read from an activity file, or a
 * re-encoded photo in the proof storage (under `photo_key`). The uploaded file itself is never kept.
 */
export const proofs = pgTable(
  "proofs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    runValidationId: uuid("run_validation_id")
      .unique()
      .references(() => runValidations.id, { onDelete: "cascade" }),
    milestoneId: uuid("milestone_id")
      .unique()
      .references(() => milestones.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: proofKinds }).notNull(),
    activity: jsonb("activity").$type<ActivityReading>(),
    photoKey: text("photo_key").unique(),
    photoWidth: integer("photo_width"),
    photoHeight: integer("photo_height"),
    /** The Strava activity it was read from (issue 56): deleted or made private there, it stops being proof here. */
    stravaActivityId: bigint("strava_activity_id", { mode: "number" }),
    createdAt: createdAt(),
  },
  (t) => [
    index("proofs_user_idx").on(t.userId),
    index("proofs_strava_activity_idx").on(t.stravaActivityId),
    check("proofs_kind_check", oneOf(t.kind, proofKinds)),
    check("proofs_one_subject", sql`(${t.runValidationId} is null) <> (${t.milestoneId} is null)`),
    check(
      "proofs_kind_fields",
      sql`(${t.kind} = 'activity' and ${t.activity} is not null and ${t.photoKey} is null) or (${t.kind} = 'photo' and ${t.photoKey} is not null and ${t.activity} is null and ${t.photoWidth} > 0 and ${t.photoHeight} > 0)`,
    ),
  ],
);
