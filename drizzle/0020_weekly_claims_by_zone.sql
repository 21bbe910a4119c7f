DROP INDEX "milestones_open_deadline_idx";--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "weekly_summary_week" text;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "weekly_summary_week" text;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "check_in_week" text;--> statement-breakpoint
CREATE INDEX "community_notifications_pending_idx" ON "community_notifications" USING btree ("user_id","created_at") WHERE "community_notifications"."read_at" is null and "community_notifications"."emailed_at" is null;--> statement-breakpoint
CREATE INDEX "partners_summary_week_idx" ON "partners" USING btree (coalesce("weekly_summary_week", ''),"user_id") WHERE "partners"."accepted_at" is not null and "partners"."emails_stopped_at" is null;--> statement-breakpoint
CREATE INDEX "reminder_settings_zone_summary_idx" ON "reminder_settings" USING btree (coalesce("time_zone", 'UTC'),"weekly_summary",coalesce("weekly_summary_week", ''),"user_id");--> statement-breakpoint
CREATE INDEX "reminder_settings_zone_check_in_idx" ON "reminder_settings" USING btree (coalesce("time_zone", 'UTC'),coalesce("check_in_week", ''),"user_id") WHERE "reminder_settings"."screen_time_check_in";--> statement-breakpoint
CREATE INDEX "milestones_open_deadline_idx" ON "milestones" USING btree ("milestone_deadline","user_id","challenge_id","id") WHERE not "milestones"."milestone_completed";--> statement-breakpoint
-- The weeks already claimed, so the first ticks after this migration do not read those men again (decision 0168).
UPDATE "reminder_settings" AS rs SET "weekly_summary_week" = d.week
FROM (SELECT user_id, max(subject_key) AS week FROM reminder_deliveries WHERE kind = 'weekly_summary' GROUP BY user_id) AS d
WHERE d.user_id = rs.user_id;--> statement-breakpoint
UPDATE "reminder_settings" AS rs SET "check_in_week" = d.week
FROM (SELECT user_id, max(subject_key) AS week FROM reminder_deliveries WHERE kind = 'screen_time_check_in' GROUP BY user_id) AS d
WHERE d.user_id = rs.user_id;--> statement-breakpoint
UPDATE "partners" AS p SET "weekly_summary_week" = d.week
FROM (SELECT partner_id, max(subject_key) AS week FROM partner_deliveries WHERE kind = 'weekly_summary' GROUP BY partner_id) AS d
WHERE d.partner_id = p.id;
