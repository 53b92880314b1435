-- Written by hand (issue 14, item 5; decision 014): the check-in list follows confirmed RSVPs.
-- A confirmed attendee (isConfirmedAttendee in src/policies/rsvp.ts) always has a check-in record
-- linked to their application, made or refreshed in the same transaction as the change that
-- confirmed them, whoever makes that change (any module, a job, the CLI, plain SQL). When they stop
-- being one, their record goes, unless they were already checked in: they were at the door. Records
-- with no application (a CSV file, made at the desk) are never touched. Each change is announced to
-- the desks on the check-in channel (src/modules/checkin/live.ts) when it commits.
-- Every statement may run again (CREATE OR REPLACE), so the file is safe to apply twice.

-- isConfirmedAttendee in SQL; door.test.ts holds the two to the same answer for every input.
CREATE OR REPLACE FUNCTION "lanyard_confirmed_attendee"("application_status", "rsvp_status")
  RETURNS boolean LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce($1 = 'accepted' AND $2 = 'accepted', false)
$$;
--> statement-breakpoint
-- The payload of publishCheckin (live.ts). `by` is unknown down here: the change's own audit row says who.
CREATE OR REPLACE FUNCTION "lanyard_checkin_publish"("kind" text, "record" uuid, "inside" boolean)
  RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('lanyard_checkin', json_build_object(
    'type', $1, 'record_id', $2, 'checked_in', $3, 'by', NULL,
    'at', to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))::text)
$$;
--> statement-breakpoint
-- Takes the application's record off the list unless its holder is checked in; true when it did.
CREATE OR REPLACE FUNCTION "lanyard_checkin_remove"("application" uuid)
  RETURNS boolean LANGUAGE plpgsql AS $$
DECLARE
  "gone" uuid;
BEGIN
  DELETE FROM "checkin_records" WHERE "application_id" = "application" AND NOT "checked_in"
    RETURNING "id" INTO "gone";
  IF NOT FOUND THEN
    RETURN false;
  END IF;
  PERFORM "lanyard_checkin_publish"('deleted', "gone", false);
  RETURN true;
END $$;
--> statement-breakpoint
-- Puts one application's record in step: 'created', 'updated' (details copied again), 'removed', or
-- NULL when it already was. Role, birth date, high school, gender, race and travel are set when the
-- record is made and then left to the desk (a mentor who also judges is "mentor + judge" there).
CREATE OR REPLACE FUNCTION "lanyard_checkin_sync"("a" "applications")
  RETURNS text LANGUAGE plpgsql AS $$
DECLARE
  "rid" uuid;
  "fresh" boolean;
  "inside" boolean;
BEGIN
  IF NOT "lanyard_confirmed_attendee"(a."status", a."rsvp_status") THEN
    RETURN CASE WHEN "lanyard_checkin_remove"(a."id") THEN 'removed' END;
  END IF;
  INSERT INTO "checkin_records" AS r ("application_id", "first_name", "last_name", "email", "phone",
    "school_name", "role", "major", "birth_year", "birth_month", "birth_day", "is_high_school",
    "preferred_name", "pronoun", "linkedin_url", "github_url", "gender", "race", "shirt_size", "travel_from")
  VALUES (a."id", a."first_name", a."last_name", a."email", a."phone",
    coalesce(nullif(a."school_name", ''), a."school"), a."role"::text::"checkin_role", nullif(a."major", ''),
    a."birth_year", a."birth_month", a."birth_day", a."is_high_school", a."preferred_name", a."pronoun",
    a."linkedin_url", a."github_url", a."answers"->>'gender', a."answers"->>'race', a."shirt_size",
    a."answers"->>'travelFrom')
  ON CONFLICT ("application_id") DO UPDATE SET
    "first_name" = excluded."first_name", "last_name" = excluded."last_name", "email" = excluded."email",
    "phone" = excluded."phone", "school_name" = excluded."school_name", "major" = excluded."major",
    "preferred_name" = excluded."preferred_name", "pronoun" = excluded."pronoun",
    "linkedin_url" = excluded."linkedin_url", "github_url" = excluded."github_url",
    "shirt_size" = excluded."shirt_size", "updated_at" = now()
  -- Only a real change is written (and announced): a bulk "accept" again leaves records as they were.
  WHERE (r."first_name", r."last_name", r."email", r."phone", r."school_name", r."major", r."preferred_name",
      r."pronoun", r."linkedin_url", r."github_url", r."shirt_size")
    IS DISTINCT FROM (excluded."first_name", excluded."last_name", excluded."email", excluded."phone",
      excluded."school_name", excluded."major", excluded."preferred_name", excluded."pronoun",
      excluded."linkedin_url", excluded."github_url", excluded."shirt_size")
  RETURNING r."id", r."xmax" = 0, r."checked_in" INTO "rid", "fresh", "inside";
  IF NOT FOUND THEN
    RETURN NULL;
  END IF;
  PERFORM "lanyard_checkin_publish"(CASE WHEN "fresh" THEN 'created' ELSE 'updated' END, "rid", "inside");
  RETURN CASE WHEN "fresh" THEN 'created' ELSE 'updated' END;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "lanyard_checkin_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Before the row goes: afterwards the foreign key (ON DELETE SET NULL) has already unlinked it.
    PERFORM "lanyard_checkin_remove"(OLD."id");
    RETURN OLD;
  END IF;
  PERFORM "lanyard_checkin_sync"(NEW);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "applications_checkin_insert" AFTER INSERT ON "applications"
  FOR EACH ROW WHEN ("lanyard_confirmed_attendee"(NEW."status", NEW."rsvp_status"))
  EXECUTE FUNCTION "lanyard_checkin_follow"();
--> statement-breakpoint
-- The columns a record is made from; only rows that are, or were, a confirmed attendee's do any work.
CREATE OR REPLACE TRIGGER "applications_checkin_update" AFTER UPDATE OF "status", "rsvp_status", "first_name",
  "last_name", "email", "phone", "school", "school_name", "major", "preferred_name", "pronoun", "linkedin_url",
  "github_url", "shirt_size" ON "applications"
  FOR EACH ROW WHEN ("lanyard_confirmed_attendee"(NEW."status", NEW."rsvp_status")
    OR "lanyard_confirmed_attendee"(OLD."status", OLD."rsvp_status"))
  EXECUTE FUNCTION "lanyard_checkin_follow"();
--> statement-breakpoint
CREATE OR REPLACE TRIGGER "applications_checkin_delete" BEFORE DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "lanyard_checkin_follow"();
--> statement-breakpoint
-- Every application whose record is out of step: a confirmed attendee (made, or details copied again),
-- or the holder of a record not checked in (removed unless confirmed). "Import from RSVPs" runs it too.
CREATE OR REPLACE FUNCTION "lanyard_checkin_resync"()
  RETURNS TABLE ("created" integer, "updated" integer, "removed" integer) LANGUAGE sql AS $$
  WITH "changes" AS (
    SELECT "lanyard_checkin_sync"(a) AS "change" FROM "applications" a
    WHERE "lanyard_confirmed_attendee"(a."status", a."rsvp_status")
      OR EXISTS (SELECT 1 FROM "checkin_records" c WHERE c."application_id" = a."id" AND NOT c."checked_in")
    ORDER BY a."id"
  )
  SELECT count(*) FILTER (WHERE "change" = 'created')::integer,
    count(*) FILTER (WHERE "change" = 'updated')::integer,
    count(*) FILTER (WHERE "change" = 'removed')::integer
  FROM "changes"
$$;
--> statement-breakpoint
-- Today's data: records for confirmed attendees who have none, and old imported records of people
-- whose decision or RSVP changed since (they must not scan), with an audit row when anything changed.
INSERT INTO "audit_log" ("action", "target_type", "after")
SELECT 'checkin.follow_rsvps', 'checkin_record', to_jsonb(r) || '{"reason": "migration_0009"}'
FROM "lanyard_checkin_resync"() r
WHERE r."created" + r."updated" + r."removed" > 0;
