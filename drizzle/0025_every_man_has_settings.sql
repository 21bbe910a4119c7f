-- Every man has a settings row from his first moment, holding the defaults until he changes one (decision 0186). The
-- weekly claims then read each due zone's men through its index alone; "no row" (an anti-join of every user against
-- every settings row, wherever UTC's Monday morning or Sunday evening was due) no longer exists to be read.
INSERT INTO "reminder_settings" ("user_id") SELECT "id" FROM "users" ON CONFLICT ("user_id") DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "settings_for_new_men"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "reminder_settings" ("user_id") SELECT "id" FROM "new_men" ON CONFLICT ("user_id") DO NOTHING;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "users_settings_for_new_men" AFTER INSERT ON "users"
  REFERENCING NEW TABLE AS "new_men" FOR EACH STATEMENT EXECUTE FUNCTION "settings_for_new_men"();
