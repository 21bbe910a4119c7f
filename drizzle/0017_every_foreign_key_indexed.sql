CREATE INDEX "community_notifications_post_idx" ON "community_notifications" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "community_notifications_comment_idx" ON "community_notifications" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "community_notifications_actor_idx" ON "community_notifications" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "community_posts_proof_idx" ON "community_posts" USING btree ("proof_id");--> statement-breakpoint
CREATE INDEX "community_reports_reporter_idx" ON "community_reports" USING btree ("reporter_id");--> statement-breakpoint
CREATE INDEX "community_reports_post_idx" ON "community_reports" USING btree ("post_id");--> statement-breakpoint
CREATE INDEX "community_reports_comment_idx" ON "community_reports" USING btree ("comment_id");--> statement-breakpoint
CREATE INDEX "milestone_replans_milestone_idx" ON "milestone_replans" USING btree ("milestone_id");--> statement-breakpoint
CREATE INDEX "milestones_open_deadline_idx" ON "milestones" USING btree ("milestone_deadline") WHERE not "milestones"."milestone_completed";--> statement-breakpoint
CREATE INDEX "milestones_completed_at_idx" ON "milestones" USING btree ("completed_at") WHERE "milestones"."completed_at" is not null;--> statement-breakpoint
CREATE INDEX "partner_cheers_partner_idx" ON "partner_cheers" USING btree ("partner_id");--> statement-breakpoint
CREATE INDEX "partner_deliveries_user_idx" ON "partner_deliveries" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "payment_events_user_idx" ON "payment_events" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "subscriptions_plan_idx" ON "subscriptions" USING btree ("plan_id");