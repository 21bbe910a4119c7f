CREATE TABLE "partner_cheers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"text" text NOT NULL,
	"dismissed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "partner_deliveries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"partner_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject_key" text NOT NULL,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partner_deliveries_once" UNIQUE("partner_id","kind","subject_key"),
	CONSTRAINT "partner_deliveries_kind_check" CHECK ("partner_deliveries"."kind" in ('completed', 'overdue', 'weekly_summary'))
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"first_name" text NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"emails_stopped_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "partners_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "partners_user_email" UNIQUE("user_id","email")
);
--> statement-breakpoint
ALTER TABLE "subscription_plans" ADD COLUMN "max_partners" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_cheers" ADD CONSTRAINT "partner_cheers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_cheers" ADD CONSTRAINT "partner_cheers_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD CONSTRAINT "partner_deliveries_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partner_deliveries" ADD CONSTRAINT "partner_deliveries_partner_id_partners_id_fk" FOREIGN KEY ("partner_id") REFERENCES "public"."partners"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_cheers_user_idx" ON "partner_cheers" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "partners_user_idx" ON "partners" USING btree ("user_id");