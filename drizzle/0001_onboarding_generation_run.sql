ALTER TABLE "profiles" ADD COLUMN "run_max_duration_minutes" integer;--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD COLUMN "generation_run_id" uuid;