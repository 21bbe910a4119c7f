DROP INDEX "partners_summary_week_idx";--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "time_zone" text;--> statement-breakpoint
-- His zone on each of his partners, kept by the database whatever writes a partner or his settings (decision 0183).
UPDATE "partners" AS p SET "time_zone" = rs."time_zone" FROM "reminder_settings" AS rs WHERE rs."user_id" = p."user_id";--> statement-breakpoint
CREATE FUNCTION "partner_takes_his_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."time_zone" := (SELECT rs."time_zone" FROM "reminder_settings" AS rs WHERE rs."user_id" = NEW."user_id");
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "partners_take_his_zone" BEFORE INSERT OR UPDATE OF "user_id" ON "partners"
  FOR EACH ROW EXECUTE FUNCTION "partner_takes_his_zone"();--> statement-breakpoint
CREATE FUNCTION "partners_follow_his_zone"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "partners" SET "time_zone" = NEW."time_zone"
  WHERE "user_id" = NEW."user_id" AND "time_zone" IS DISTINCT FROM NEW."time_zone";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "reminder_settings_zone_to_partners" AFTER INSERT OR UPDATE OF "time_zone" ON "reminder_settings"
  FOR EACH ROW EXECUTE FUNCTION "partners_follow_his_zone"();--> statement-breakpoint
CREATE INDEX "partners_zone_summary_idx" ON "partners" USING btree (coalesce("time_zone", 'UTC'),coalesce("weekly_summary_week", ''),"id","user_id") WHERE "partners"."accepted_at" is not null and "partners"."emails_stopped_at" is null;
