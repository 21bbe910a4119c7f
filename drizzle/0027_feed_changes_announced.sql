-- Issue 58, decision 0190: each instance keeps the shared part of the feed's first page (the newest posts, their
-- authors' names and badges, their proofs, whether a run was self-reported). Whatever changes that part is announced
-- by the database itself, so no write path can forget it, in two ways: the sequence `community_feed_version` moves on
-- with the writing statement (each page's read compares it with the kept page's, so a change committed before a read
-- is never missed), and NOTIFY on the change feed's channel ("feed") tells every instance when the writing transaction
-- commits (a change still being written while a page was read is dropped within milliseconds). Cheers and comments are
-- not part of it: their counts are read with each page.
CREATE SEQUENCE "community_feed_version";--> statement-breakpoint
CREATE FUNCTION "community_feed_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval('community_feed_version');
  PERFORM pg_notify('unscroll_changes', 'feed');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "community_posts_feed_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "community_posts"
  FOR EACH STATEMENT EXECUTE FUNCTION "community_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "users_first_name_feed_changed" AFTER UPDATE OF "first_name" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "community_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "user_badges_feed_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "user_badges"
  FOR EACH STATEMENT EXECUTE FUNCTION "community_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "proofs_feed_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "proofs"
  FOR EACH STATEMENT EXECUTE FUNCTION "community_feed_changed"();--> statement-breakpoint
CREATE TRIGGER "run_validations_feed_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "run_validations"
  FOR EACH STATEMENT EXECUTE FUNCTION "community_feed_changed"();
