DROP INDEX "milestones_open_deadline_idx";--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "deadline_reminder" text;--> statement-breakpoint
CREATE INDEX "milestones_open_deadline_idx" ON "milestones" USING btree ("milestone_deadline","user_id","challenge_id","id","deadline_reminder") WHERE not "milestones"."milestone_completed";