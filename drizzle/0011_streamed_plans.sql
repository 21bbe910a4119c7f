CREATE TABLE "model_generations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"provider" text NOT NULL,
	"model" text NOT NULL,
	"status" text DEFAULT 'running' NOT NULL,
	"duration_ms" integer,
	"input_tokens" integer,
	"output_tokens" integer,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "model_generations_kind_check" CHECK ("model_generations"."kind" in ('plan', 'todos', 'replan')),
	CONSTRAINT "model_generations_status_check" CHECK ("model_generations"."status" in ('running', 'done', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "todos_preview" jsonb;--> statement-breakpoint
ALTER TABLE "quiz_responses" ADD COLUMN "generation_preview" jsonb;--> statement-breakpoint
ALTER TABLE "model_generations" ADD CONSTRAINT "model_generations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "model_generations_user_created_idx" ON "model_generations" USING btree ("user_id","created_at");