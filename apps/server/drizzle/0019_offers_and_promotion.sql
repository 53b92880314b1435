-- Admissions to capacity (issue 17): offers that expire and automatic waitlist promotion.
-- An accepted applicant's own RSVP deadline, set when their decision is released to them (or they
-- are promoted) while offers expire; null means the global deadline alone, as before.
ALTER TABLE "applications" ADD COLUMN "rsvp_due_at" timestamp with time zone;
--> statement-breakpoint
-- When that deadline passed unanswered and the offer expired (the RSVP itself stays unanswered).
ALTER TABLE "applications" ADD COLUMN "rsvp_expired_at" timestamp with time zone;
--> statement-breakpoint
-- The expiry job's scan: open offers with a deadline, soonest first.
CREATE INDEX "applications_rsvp_due_idx" ON "applications" USING btree ("rsvp_due_at")
  WHERE "rsvp_due_at" IS NOT NULL AND "rsvp_status" IS NULL AND "rsvp_expired_at" IS NULL;
--> statement-breakpoint
-- A place freed (a decline, an expired offer, a deletion, a status change away from accepted),
-- written by the trigger below in the transaction that frees it, so no path that frees a place can
-- forget to say so and a crash cannot lose one. The promoter consumes these rows.
CREATE TABLE "admission_events" (
  "id" bigserial PRIMARY KEY NOT NULL,
  "role" "applicant_role" NOT NULL,
  "application_id" uuid NOT NULL,
  "kind" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admission_events_role_idx" ON "admission_events" USING btree ("role", "id");
--> statement-breakpoint
CREATE FUNCTION "lanyard_place_freed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  freed text;
BEGIN
  -- Held a place before: an offer not declined and not expired (answered yes, maybe, or not yet).
  IF OLD.status <> 'accepted' OR OLD.rsvp_status = 'declined' OR OLD.rsvp_expired_at IS NOT NULL THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'DELETE' THEN
    freed := 'deleted';
  ELSIF NEW.status <> 'accepted' THEN
    freed := 'status';
  ELSIF NEW.rsvp_status = 'declined' THEN
    freed := 'declined';
  ELSIF NEW.rsvp_expired_at IS NOT NULL THEN
    freed := 'expired';
  ELSE
    RETURN NULL;
  END IF;
  INSERT INTO admission_events (role, application_id, kind) VALUES (OLD.role, OLD.id, freed);
  PERFORM pg_notify('lanyard_admissions', OLD.role::text);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "applications_place_freed" AFTER UPDATE OF "status", "rsvp_status", "rsvp_expired_at" OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "lanyard_place_freed"();
