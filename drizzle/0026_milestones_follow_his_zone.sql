DROP INDEX "milestones_open_deadline_idx";--> statement-breakpoint
DROP INDEX "milestones_partner_completed_idx";--> statement-breakpoint
ALTER TABLE "milestones" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- His zone on each of his milestones, kept by the database whatever writes a milestone or his settings (decision 0188).
UPDATE "milestones" AS m SET "time_zone" = rs."time_zone" FROM "reminder_settings" AS rs
  WHERE rs."user_id" = m."user_id" AND rs."time_zone" IS NOT NULL;--> statement-breakpoint
-- A marker settles the deadline it names: one left from a deadline moved before this migration is cleared, as a move
-- clears it from now on (the trigger below), so the reads need only look for the markers of a deadline's own day.
UPDATE "milestones" SET
  "deadline_reminder" = CASE WHEN "milestone_deadline" IS NULL
      OR split_part("deadline_reminder", ':', 2) <> to_char("milestone_deadline" AT TIME ZONE 'UTC', 'YYYY-MM-DD')
    THEN NULL ELSE "deadline_reminder" END,
  "partner_news" = CASE WHEN "partner_news" LIKE 'overdue:%' AND ("milestone_deadline" IS NULL
      OR split_part("partner_news", ':', 2) <> to_char("milestone_deadline" AT TIME ZONE 'UTC', 'YYYY-MM-DD'))
    THEN NULL ELSE "partner_news" END
  WHERE ("deadline_reminder" IS NOT NULL AND ("milestone_deadline" IS NULL
      OR split_part("deadline_reminder", ':', 2) <> to_char("milestone_deadline" AT TIME ZONE 'UTC', 'YYYY-MM-DD')))
    OR ("partner_news" LIKE 'overdue:%' AND ("milestone_deadline" IS NULL
      OR split_part("partner_news", ':', 2) <> to_char("milestone_deadline" AT TIME ZONE 'UTC', 'YYYY-MM-DD')));--> statement-breakpoint
CREATE FUNCTION "milestone_deadline_moved"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."deadline_reminder" := NULL;
  IF NEW."partner_news" LIKE 'overdue:%' THEN
    NEW."partner_news" := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "milestones_deadline_moved" BEFORE UPDATE OF "milestone_deadline" ON "milestones"
  FOR EACH ROW WHEN (OLD."milestone_deadline" IS DISTINCT FROM NEW."milestone_deadline")
  EXECUTE FUNCTION "milestone_deadline_moved"();--> statement-breakpoint
-- FOR SHARE waits for a change of his zone that is not yet committed, and that change's copy to his milestones waits
-- for this row's transaction: a milestone written beside a move of his zone ends with the new zone either way.
CREATE FUNCTION "milestone_takes_his_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."time_zone" := (SELECT rs."time_zone" FROM "reminder_settings" AS rs WHERE rs."user_id" = NEW."user_id" FOR SHARE);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "milestones_take_his_zone" BEFORE INSERT OR UPDATE OF "user_id" ON "milestones"
  FOR EACH ROW EXECUTE FUNCTION "milestone_takes_his_zone"();--> statement-breakpoint
CREATE FUNCTION "milestones_follow_his_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "milestones" SET "time_zone" = NEW."time_zone"
  WHERE "user_id" = NEW."user_id" AND "time_zone" IS DISTINCT FROM NEW."time_zone";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reminder_settings_zone_to_milestones" AFTER UPDATE OF "time_zone" ON "reminder_settings"
  FOR EACH ROW WHEN (OLD."time_zone" IS DISTINCT FROM NEW."time_zone") EXECUTE FUNCTION "milestones_follow_his_zone"();--> statement-breakpoint
-- A settings row is made with the man, before he has milestones: only one made with a zone has one to copy.
CREATE TRIGGER "reminder_settings_new_zone_to_milestones" AFTER INSERT ON "reminder_settings"
  FOR EACH ROW WHEN (NEW."time_zone" IS NOT NULL) EXECUTE FUNCTION "milestones_follow_his_zone"();--> statement-breakpoint
-- The partners' copy (decision 0183) takes the same care.
CREATE OR REPLACE FUNCTION "partner_takes_his_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."time_zone" := (SELECT rs."time_zone" FROM "reminder_settings" AS rs WHERE rs."user_id" = NEW."user_id" FOR SHARE);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE INDEX "milestones_deadline_reminders_idx" ON "milestones" USING btree (coalesce("deadline_reminder", ''),coalesce("time_zone", 'UTC'),"milestone_deadline","user_id","challenge_id","id") WHERE not "milestones"."milestone_completed";--> statement-breakpoint
CREATE INDEX "milestones_partner_overdue_idx" ON "milestones" USING btree (coalesce("partner_news", ''),coalesce("time_zone", 'UTC'),"milestone_deadline","user_id","challenge_id","id") WHERE not "milestones"."milestone_completed";--> statement-breakpoint
CREATE INDEX "milestones_partner_completed_idx" ON "milestones" USING btree (coalesce("time_zone", 'UTC'),"completed_at","user_id","challenge_id","id") WHERE "milestones"."milestone_completed" and "milestones"."partner_news" is distinct from 'completed';
