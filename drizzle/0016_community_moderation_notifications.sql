CREATE TABLE "community_notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"actor_id" text NOT NULL,
	"kind" text NOT NULL,
	"post_id" uuid NOT NULL,
	"comment_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone,
	"emailed_at" timestamp with time zone,
	CONSTRAINT "community_notifications_kind_check" CHECK ("community_notifications"."kind" in ('cheer', 'comment'))
);
--> statement-breakpoint
CREATE TABLE "moderation_decisions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"item_kind" text NOT NULL,
	"item_id" uuid NOT NULL,
	"author_id" text NOT NULL,
	"decided_by" text NOT NULL,
	"decision" text NOT NULL,
	"ground" text NOT NULL,
	"explanation" text DEFAULT '' NOT NULL,
	"reports" integer NOT NULL,
	"decided_at" timestamp with time zone NOT NULL,
	"statement_sent_at" timestamp with time zone,
	CONSTRAINT "moderation_decisions_item_kind_check" CHECK ("moderation_decisions"."item_kind" in ('post', 'comment')),
	CONSTRAINT "moderation_decisions_decision_check" CHECK ("moderation_decisions"."decision" in ('keep', 'remove', 'suspend')),
	CONSTRAINT "moderation_decisions_ground_check" CHECK ("moderation_decisions"."ground" in ('spam', 'harassment', 'hate', 'sexual', 'violence', 'illegal', 'other'))
);
--> statement-breakpoint
CREATE TABLE "operators" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "digest_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "last_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_notifications" ADD CONSTRAINT "community_notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_notifications" ADD CONSTRAINT "community_notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_notifications" ADD CONSTRAINT "community_notifications_post_id_community_posts_id_fk" FOREIGN KEY ("post_id") REFERENCES "public"."community_posts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "community_notifications" ADD CONSTRAINT "community_notifications_comment_id_community_comments_id_fk" FOREIGN KEY ("comment_id") REFERENCES "public"."community_comments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_decisions" ADD CONSTRAINT "moderation_decisions_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "community_notifications_user_idx" ON "community_notifications" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "community_notifications_cheer_once" ON "community_notifications" USING btree ("post_id","actor_id") WHERE "community_notifications"."kind" = 'cheer';--> statement-breakpoint
CREATE INDEX "moderation_decisions_decided_idx" ON "moderation_decisions" USING btree ("decided_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "moderation_decisions_author_idx" ON "moderation_decisions" USING btree ("author_id");