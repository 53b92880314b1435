-- "Next application" in one round trip (issue 16's 20 ms target): the assignment that
-- modules/review/assignment.ts describes, as a function, so a reviewer's call holds the database
-- for one statement instead of six. Each statement inside takes a fresh snapshot (a volatile
-- function in READ COMMITTED), so the recount after the row lock sees every hold committed before.
-- The statuses are those of AWAITING_DECISION_STATUSES (packages/shared/src/constants.ts), written
-- out so the planner matches the queue's partial index (migration 0012).
CREATE FUNCTION "review_take_next"(
  p_reviewer uuid,
  p_email text,
  p_k integer,
  p_hold_minutes integer,
  p_max_candidates integer
) RETURNS TABLE ("application_id" uuid, "expires_at" timestamptz)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
DECLARE
  v_passed uuid[] := '{}';
  v_id uuid;
  v_expires timestamptz;
BEGIN
  -- A hold need not survive a crash (the reviewer asks again): its commit does not wait for the disk.
  PERFORM set_config('synchronous_commit', 'off', true);
  -- One reviewer's calls queue behind each other (a double click); different reviewers never wait.
  PERFORM pg_advisory_xact_lock(hashtextextended('review-next:' || p_reviewer::text, 0));

  -- Their live hold on an application they can still review; without one, whatever else they held goes.
  SELECT h.application_id, h.expires_at INTO v_id, v_expires
    FROM review_holds h
    JOIN applications a ON a.id = h.application_id
   WHERE h.reviewer_id = p_reviewer
     AND h.expires_at > now()
     AND a.status IN ('pending', 'submitted')
     AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.application_id = h.application_id AND r.reviewer_id = p_reviewer)
   ORDER BY h.held_at
   LIMIT 1;
  IF FOUND THEN
    RETURN QUERY SELECT v_id, v_expires;
    RETURN;
  END IF;
  DELETE FROM review_holds WHERE reviewer_id = p_reviewer;

  WHILE cardinality(v_passed) < p_max_candidates LOOP
    -- The oldest application with room that this reviewer may take, locked (others skip it).
    SELECT a.id INTO v_id
      FROM applications a
     WHERE a.status IN ('pending', 'submitted')
       AND NOT a.review_complete
       AND a.user_id <> p_reviewer
       AND lower(a.email) <> lower(trim(p_email))
       AND a.id <> ALL (v_passed)
       AND a.review_count
           + (SELECT count(*) FROM review_holds h WHERE h.application_id = a.id AND h.expires_at > now())
           < p_k + CASE WHEN a.review_disputed THEN 1 ELSE 0 END
       AND NOT EXISTS (SELECT 1 FROM reviews r WHERE r.application_id = a.id AND r.reviewer_id = p_reviewer)
       AND NOT EXISTS (SELECT 1 FROM review_skips s WHERE s.application_id = a.id AND s.reviewer_id = p_reviewer)
     ORDER BY a.submitted_at, a.id
     LIMIT 1
       FOR UPDATE OF a SKIP LOCKED;
    IF NOT FOUND THEN
      RETURN;
    END IF;

    -- Counted again by a statement of its own, after the lock; run-out holds are cleared while the row is ours.
    DELETE FROM review_holds h WHERE h.application_id = v_id AND h.expires_at <= now();
    INSERT INTO review_holds AS h (application_id, reviewer_id, held_at, expires_at)
    SELECT a.id, p_reviewer, now(), now() + make_interval(mins => p_hold_minutes)
      FROM applications a
     WHERE a.id = v_id
       AND a.status IN ('pending', 'submitted')
       AND a.review_count
           + (SELECT count(*) FROM review_holds o WHERE o.application_id = a.id AND o.expires_at > now())
           < p_k + CASE WHEN a.review_disputed THEN 1 ELSE 0 END
    ON CONFLICT (application_id, reviewer_id)
      DO UPDATE SET held_at = excluded.held_at, expires_at = excluded.expires_at
    RETURNING h.expires_at INTO v_expires;
    IF FOUND THEN
      RETURN QUERY SELECT v_id, v_expires;
      RETURN;
    END IF;
    v_passed := v_passed || v_id;
  END LOOP;
END;
$$;--> statement-breakpoint
-- Rate-limit counters are rewritten by nearly every request; losing them in a database crash only
-- resets the windows, so they skip the write-ahead log (and its flush on every commit).
ALTER TABLE "rate_limits" SET UNLOGGED;
--> statement-breakpoint
-- A review changes only an application's review columns, which no applicant sees: announcing it would
-- drop the applicant's cached dashboard for nothing and queue every review's commit behind the one
-- notification lock. migration 0004's function learns to ignore an update that changed only the
-- columns its trigger names as arguments; every other change is announced as before.
CREATE OR REPLACE FUNCTION "lanyard_cache_notify_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND TG_NARGS > 0 AND (to_jsonb(OLD) - TG_ARGV) = (to_jsonb(NEW) - TG_ARGV) THEN
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lanyard_cache', 'u:' || OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('lanyard_cache', 'u:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "applications_read_cache" ON "applications";--> statement-breakpoint
CREATE TRIGGER "applications_read_cache" AFTER INSERT OR UPDATE OR DELETE ON "applications"
  FOR EACH ROW EXECUTE FUNCTION "lanyard_cache_notify_user_id"(
    'review_count', 'review_score_raw', 'review_flagged', 'review_disputed', 'review_complete');
