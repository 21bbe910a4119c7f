CREATE TABLE "strava_activities" (
	"activity_id" bigint PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"sport" text DEFAULT '' NOT NULL,
	"started_at" timestamp with time zone,
	"outcome" text NOT NULL,
	"reason_code" text,
	"reading" jsonb,
	"milestone_id" uuid,
	"event_time" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strava_activities_outcome_check" CHECK ("strava_activities"."outcome" in ('waiting', 'firstRun', 'offered', 'used', 'dismissed', 'kept', 'refused'))
);
--> statement-breakpoint
CREATE TABLE "strava_connect_states" (
	"state_hash" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"return_to" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "strava_connections" (
	"user_id" text PRIMARY KEY NOT NULL,
	"athlete_id" bigint NOT NULL,
	"athlete_name" text NOT NULL,
	"scope" text NOT NULL,
	"access_token" text NOT NULL,
	"refresh_token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"busy_until" timestamp with time zone,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "strava_connections_athlete_id_unique" UNIQUE("athlete_id")
);
--> statement-breakpoint
ALTER TABLE "proofs" ADD COLUMN "strava_activity_id" bigint;--> statement-breakpoint
ALTER TABLE "strava_activities" ADD CONSTRAINT "strava_activities_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strava_activities" ADD CONSTRAINT "strava_activities_milestone_id_milestones_id_fk" FOREIGN KEY ("milestone_id") REFERENCES "public"."milestones"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strava_connect_states" ADD CONSTRAINT "strava_connect_states_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "strava_connections" ADD CONSTRAINT "strava_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "strava_activities_user_idx" ON "strava_activities" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "strava_activities_milestone_idx" ON "strava_activities" USING btree ("milestone_id");--> statement-breakpoint
CREATE INDEX "strava_connect_states_user_idx" ON "strava_connect_states" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "proofs_strava_activity_idx" ON "proofs" USING btree ("strava_activity_id");