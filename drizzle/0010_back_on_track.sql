CREATE TABLE "milestone_replans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"milestone_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"reason" text NOT NULL,
	"reason_note" text,
	"proposal" jsonb,
	"replaced" jsonb,
	"token_spent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "milestone_replans_status_check" CHECK ("milestone_replans"."status" in ('generating', 'proposed', 'accepted', 'dismissed')),
	CONSTRAINT "milestone_replans_reason_check" CHECK ("milestone_replans"."reason" in ('no_time', 'too_big', 'motivation', 'health', 'other')),
	CONSTRAINT "milestone_replans_proposal_check" CHECK (("milestone_replans"."status" = 'generating') = ("milestone_replans"."proposal" is null))
);
--> statement-breakpoint
ALTER TABLE "token_usage" DROP CONSTRAINT "token_usage_action_check";--> statement-breakpoint
ALTER TABLE "todos" ADD COLUMN "completed_at" timestamp with time zone;--> statement-breakpoint
-- Todos ticked before the column existed: their last change is the best known completion time (decision 0109).
UPDATE "todos" SET "completed_at" = "updated_at" WHERE "todo_completed";--> statement-breakpoint
ALTER TABLE "milestone_replans" ADD CONSTRAINT "milestone_replans_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "milestone_replans" ADD CONSTRAINT "milestone_replans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "milestone_replans_user_idx" ON "milestone_replans" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "milestone_replans_one_open" ON "milestone_replans" USING btree ("milestone_id") WHERE "milestone_replans"."status" in ('generating', 'proposed');--> statement-breakpoint
CREATE INDEX "todos_user_completed_idx" ON "todos" USING btree ("user_id","completed_at");--> statement-breakpoint
ALTER TABLE "token_usage" ADD CONSTRAINT "token_usage_action_check" CHECK ("token_usage"."action_type" in ('magic_button', 'quiz_retake', 'replan'));