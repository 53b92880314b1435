-- Every instance keeps sessions and applicants' own applications in memory (src/lib/read-cache.ts).
-- These triggers announce each change to the rows behind those entries, whoever makes it (any
-- instance, the CLI, a bulk update), on the channel the instances LISTEN to: 'u:<user id>' drops
-- one user's entries, '*' drops everything.
CREATE FUNCTION "lanyard_cache_notify_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lanyard_cache', 'u:' || OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('lanyard_cache', 'u:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "lanyard_cache_notify_owner_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.owner_id IS NOT NULL THEN
    PERFORM pg_notify('lanyard_cache', 'u:' || OLD.owner_id::text);
  END IF;
  IF TG_OP = 'UPDATE' AND NEW.owner_id IS DISTINCT FROM OLD.owner_id AND NEW.owner_id IS NOT NULL THEN
    PERFORM pg_notify('lanyard_cache', 'u:' || NEW.owner_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "lanyard_cache_notify_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lanyard_cache', 'u:' || OLD.id::text);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "lanyard_cache_notify_all"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lanyard_cache', '*');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "applications_read_cache" AFTER INSERT OR UPDATE OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "lanyard_cache_notify_user_id"();
--> statement-breakpoint
CREATE TRIGGER "sessions_read_cache" AFTER UPDATE OF "revoked_at", "expires_at", "user_id" OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "lanyard_cache_notify_user_id"();
--> statement-breakpoint
CREATE TRIGGER "uploads_read_cache" AFTER UPDATE OR DELETE ON "uploads"
  FOR EACH ROW EXECUTE FUNCTION "lanyard_cache_notify_owner_id"();
--> statement-breakpoint
CREATE TRIGGER "users_read_cache" AFTER UPDATE OF "id", "email", "role", "email_verified_at" OR DELETE ON "users"
  FOR EACH ROW EXECUTE FUNCTION "lanyard_cache_notify_id"();
--> statement-breakpoint
CREATE TRIGGER "settings_read_cache" AFTER UPDATE OF "hacker_decisions_released", "mentor_decisions_released" ON "settings"
  FOR EACH ROW EXECUTE FUNCTION "lanyard_cache_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "applications_read_cache_truncate" AFTER TRUNCATE ON "applications"
  FOR EACH STATEMENT EXECUTE FUNCTION "lanyard_cache_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "sessions_read_cache_truncate" AFTER TRUNCATE ON "sessions"
  FOR EACH STATEMENT EXECUTE FUNCTION "lanyard_cache_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "uploads_read_cache_truncate" AFTER TRUNCATE ON "uploads"
  FOR EACH STATEMENT EXECUTE FUNCTION "lanyard_cache_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "users_read_cache_truncate" AFTER TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION "lanyard_cache_notify_all"();
--> statement-breakpoint
CREATE TRIGGER "settings_read_cache_truncate" AFTER TRUNCATE ON "settings"
  FOR EACH STATEMENT EXECUTE FUNCTION "lanyard_cache_notify_all"();
