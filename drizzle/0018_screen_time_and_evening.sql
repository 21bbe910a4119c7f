CREATE TABLE "phone_down_answers" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "phone_down_answers_user_id_day_pk" PRIMARY KEY("user_id","day")
);
--> statement-breakpoint
CREATE TABLE "screen_time_days" (
	"user_id" text NOT NULL,
	"day" text NOT NULL,
	"minutes" integer NOT NULL,
	"period" text NOT NULL,
	"source" text NOT NULL,
	"top_apps" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "screen_time_days_user_id_day_pk" PRIMARY KEY("user_id","day"),
	CONSTRAINT "screen_time_days_minutes_check" CHECK ("screen_time_days"."minutes" between 0 and 1440),
	CONSTRAINT "screen_time_days_period_check" CHECK ("screen_time_days"."period" in ('day', 'week')),
	CONSTRAINT "screen_time_days_source_check" CHECK ("screen_time_days"."source" in ('screenshot', 'typed'))
);
--> statement-breakpoint
ALTER TABLE "reminder_deliveries" DROP CONSTRAINT "reminder_deliveries_kind_check";--> statement-breakpoint
ALTER TABLE "community_posts" ADD COLUMN "took_back_minutes" integer;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "screen_time_check_in" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "phone_down_at" text;--> statement-breakpoint
ALTER TABLE "reminder_settings" ADD COLUMN "partner_sees_screen_time" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "phone_down_answers" ADD CONSTRAINT "phone_down_answers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screen_time_days" ADD CONSTRAINT "screen_time_days_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_settings_phone_down_idx" ON "reminder_settings" USING btree ("phone_down_at") WHERE "reminder_settings"."phone_down_at" is not null;--> statement-breakpoint
ALTER TABLE "reminder_deliveries" ADD CONSTRAINT "reminder_deliveries_kind_check" CHECK ("reminder_deliveries"."kind" in ('due_tomorrow', 'overdue', 'weekly_summary', 'screen_time_check_in', 'phone_down'));