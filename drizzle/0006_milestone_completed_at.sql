ALTER TABLE "milestones" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
-- Milestones completed before this column existed: their last change is the best known completion time.
UPDATE "milestones" SET "completed_at" = "updated_at" WHERE "milestone_completed" = true;
