CREATE TABLE "answered_auth_work" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"lease_until" timestamp with time zone NOT NULL,
	"attempts" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD COLUMN "generation_lease_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD COLUMN "generation_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD COLUMN "generation_partial" jsonb;--> statement-breakpoint
CREATE INDEX "answered_auth_work_lease_idx" ON "answered_auth_work" USING btree ("lease_until");--> statement-breakpoint
CREATE INDEX "quiz_responses_running_lease_idx" ON "quiz_responses" USING btree ("generation_lease_until") WHERE "quiz_responses"."generation_status" = 'running';