ALTER TABLE "community_members" ADD COLUMN "digest_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "community_members" ADD COLUMN "time_zone" text;--> statement-breakpoint
CREATE INDEX "community_members_digest_due_idx" ON "community_members" USING btree (coalesce("time_zone", 'UTC'),"digest_due_at","user_id") WHERE "community_members"."digest_due_at" is not null;--> statement-breakpoint
-- When each member's digest may be due, and his zone, kept by the database whatever writes them (decision 0184).
-- '1 hour' is the digest's grace (DIGEST_GRACE_MS) and '1 day' its spacing (DAY_MS); digest-due.test.ts holds them equal.
UPDATE "community_members" AS m SET "time_zone" = rs."time_zone" FROM "reminder_settings" AS rs WHERE rs."user_id" = m."user_id";--> statement-breakpoint
UPDATE "community_members" AS m
  SET "digest_due_at" = greatest(n."first" + interval '1 hour', coalesce(m."last_digest_at" + interval '1 day', '-infinity'))
  FROM (SELECT "user_id", min("created_at") AS "first" FROM "community_notifications"
        WHERE "read_at" IS NULL AND "emailed_at" IS NULL GROUP BY "user_id") AS n
  WHERE n."user_id" = m."user_id";--> statement-breakpoint
CREATE FUNCTION "member_digest_may_be_due"("member" text, "due" timestamptz) RETURNS void LANGUAGE sql AS $$
  UPDATE "community_members"
  SET "digest_due_at" = least(coalesce("digest_due_at", 'infinity'),
                              greatest("due", coalesce("last_digest_at" + interval '1 day', '-infinity')))
  WHERE "user_id" = "member"
$$;--> statement-breakpoint
CREATE FUNCTION "digest_news_arrived"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "community_members" AS m
  SET "digest_due_at" = least(coalesce(m."digest_due_at", 'infinity'),
                              greatest(n."first" + interval '1 hour', coalesce(m."last_digest_at" + interval '1 day', '-infinity')))
  FROM (SELECT "user_id", min("created_at") AS "first" FROM "news"
        WHERE "read_at" IS NULL AND "emailed_at" IS NULL GROUP BY "user_id") AS n
  WHERE m."user_id" = n."user_id";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_notifications_digest_due" AFTER INSERT ON "community_notifications"
  REFERENCING NEW TABLE AS "news" FOR EACH STATEMENT EXECUTE FUNCTION "digest_news_arrived"();--> statement-breakpoint
CREATE FUNCTION "member_digest_back_on"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."digest_off_at" IS NULL AND NEW."suspended_at" IS NULL
     AND (OLD."digest_off_at" IS NOT NULL OR OLD."suspended_at" IS NOT NULL) THEN
    NEW."digest_due_at" := least(coalesce(NEW."digest_due_at", 'infinity'),
                                 coalesce(NEW."last_digest_at" + interval '1 day', '-infinity'));
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_members_digest_back_on" BEFORE UPDATE OF "digest_off_at", "suspended_at" ON "community_members"
  FOR EACH ROW EXECUTE FUNCTION "member_digest_back_on"();--> statement-breakpoint
CREATE FUNCTION "digest_address_confirmed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "member_digest_may_be_due"(NEW."id", '-infinity');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_digest_address_confirmed" AFTER UPDATE OF "email_verified" ON "users"
  FOR EACH ROW WHEN (NEW."email_verified" AND NOT OLD."email_verified") EXECUTE FUNCTION "digest_address_confirmed"();--> statement-breakpoint
CREATE FUNCTION "digest_unblocked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "member_digest_may_be_due"(OLD."blocker_id", '-infinity');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_blocks_digest_unblocked" AFTER DELETE ON "community_blocks"
  FOR EACH ROW EXECUTE FUNCTION "digest_unblocked"();--> statement-breakpoint
CREATE FUNCTION "digest_cheer_given_again"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "member_digest_may_be_due"(n."user_id", n."created_at" + interval '1 hour')
  FROM "community_notifications" AS n
  WHERE n."kind" = 'cheer' AND n."post_id" = NEW."post_id" AND n."actor_id" = NEW."user_id"
    AND n."read_at" IS NULL AND n."emailed_at" IS NULL;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_cheers_digest_given_again" AFTER INSERT ON "community_cheers"
  FOR EACH ROW EXECUTE FUNCTION "digest_cheer_given_again"();--> statement-breakpoint
CREATE FUNCTION "member_takes_his_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."time_zone" := (SELECT rs."time_zone" FROM "reminder_settings" AS rs WHERE rs."user_id" = NEW."user_id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_members_take_his_zone" BEFORE INSERT ON "community_members"
  FOR EACH ROW EXECUTE FUNCTION "member_takes_his_zone"();--> statement-breakpoint
CREATE FUNCTION "members_follow_his_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "community_members" SET "time_zone" = NEW."time_zone"
  WHERE "user_id" = NEW."user_id" AND "time_zone" IS DISTINCT FROM NEW."time_zone";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reminder_settings_zone_to_members" AFTER INSERT OR UPDATE OF "time_zone" ON "reminder_settings"
  FOR EACH ROW EXECUTE FUNCTION "members_follow_his_zone"();
