DROP INDEX "milestones_completed_at_idx";--> statement-breakpoint
DROP INDEX "milestones_open_deadline_idx";--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "partner_news" text;--> statement-breakpoint
CREATE INDEX "milestones_partner_completed_idx" ON "milestones" USING btree ("completed_at","user_id","challenge_id","id") WHERE "milestones"."milestone_completed" and "milestones"."partner_news" is distinct from 'completed';--> statement-breakpoint
CREATE INDEX "milestones_open_deadline_idx" ON "milestones" USING btree ("milestone_deadline","user_id","challenge_id","id","deadline_reminder","partner_news") WHERE not "milestones"."milestone_completed";