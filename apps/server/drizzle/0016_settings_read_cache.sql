-- Every instance keeps the settings row in its read cache (src/lib/read-cache.ts): any change to the
-- row announces 's', which drops it there. (A change of the release flags still announces '*' too,
-- through migration 0004's trigger, since applicants' cached answers depend on them.)
CREATE FUNCTION "lanyard_cache_notify_settings"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lanyard_cache', 's');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "settings_read_cache_row" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "lanyard_cache_notify_settings"();
