CREATE TABLE "proofs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"run_validation_id" uuid,
	"milestone_id" uuid,
	"kind" text NOT NULL,
	"activity" jsonb,
	"photo_key" text,
	"photo_width" integer,
	"photo_height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "proofs_run_validation_id_unique" UNIQUE("run_validation_id"),
	CONSTRAINT "proofs_milestone_id_unique" UNIQUE("milestone_id"),
	CONSTRAINT "proofs_photo_key_unique" UNIQUE("photo_key"),
	CONSTRAINT "proofs_kind_check" CHECK ("proofs"."kind" in ('activity', 'photo')),
	CONSTRAINT "proofs_one_subject" CHECK (("proofs"."run_validation_id" is null) <> ("proofs"."milestone_id" is null)),
	CONSTRAINT "proofs_kind_fields" CHECK (("proofs"."kind" = 'activity' and "proofs"."activity" is not null and "proofs"."photo_key" is null) or ("proofs"."kind" = 'photo' and "proofs"."photo_key" is not null and "proofs"."activity" is null and "proofs"."photo_width" > 0 and "proofs"."photo_height" > 0))
);
--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_run_validation_id_run_validations_id_fk" FOREIGN KEY ("run_validation_id") REFERENCES "public"."run_validations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "proofs" ADD CONSTRAINT "proofs_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "proofs_user_idx" ON "proofs" USING btree ("user_id");