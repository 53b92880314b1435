-- review_recompute without a plan per call. Migration 0015 built its statement with EXECUTE, so
-- every review's submit planned it afresh (about 1.5 ms of the database's time per review under
-- load, measured with track_functions). The formula now lives in one static SQL function of one
-- application, which the planner inlines; the one-application path is a static statement whose
-- plan PL/pgSQL keeps, and the role and whole-table paths join the same function laterally.
CREATE FUNCTION "review_columns"(p_app uuid, p_k integer, p_threshold double precision)
RETURNS TABLE ("n" integer, "mean" double precision, "flagged" boolean, "disputed" boolean, "complete" boolean)
LANGUAGE sql STABLE AS $$
  -- Totals and spreads are kept to three decimals: 4.333 - 2.833 is 1.5, and a threshold of 1.5
  -- means what it says.
  select s.n, s.mean, s.flagged, s.disputed,
         s.n >= p_k + case when s.disputed then 1 else 0 end
    from (select count(*)::int as n,
                 avg(r.total) as mean,
                 coalesce(bool_or(r.flag is not null), false) as flagged,
                 coalesce(round((max(r.total) - min(r.total))::numeric, 3) > p_threshold::numeric, false) as disputed
            from reviews r
           where r.application_id = p_app) s
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "review_recompute"(p_app uuid, p_role text, p_k integer, p_threshold double precision)
RETURNS TABLE ("id" uuid, "complete" boolean)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
BEGIN
  -- The read cache need not hear of it (lanyard_cache_notify_applications, below); the mark is
  -- taken off again before anything else in the transaction writes.
  PERFORM set_config('lanyard.cache_quiet', 'review', true);
  IF p_app IS NOT NULL THEN
    RETURN QUERY
      update applications a
         set review_count = v.n, review_score_raw = v.mean, review_flagged = v.flagged,
             review_disputed = v.disputed, review_complete = v.complete
        from review_columns(p_app, p_k, p_threshold) v
       where a.id = p_app
         and (a.review_count, a.review_score_raw, a.review_flagged, a.review_disputed, a.review_complete)
             is distinct from (v.n, v.mean, v.flagged, v.disputed, v.complete)
      returning a.id, a.review_complete;
    PERFORM set_config('lanyard.cache_quiet', '', true);
    RETURN;
  END IF;
  RETURN QUERY
    update applications a
       set review_count = v.n, review_score_raw = v.mean, review_flagged = v.flagged,
           review_disputed = v.disputed, review_complete = v.complete
      from applications b
      cross join lateral review_columns(b.id, p_k, p_threshold) v
     where a.id = b.id
       and (p_role IS NULL OR b.role = p_role::applicant_role)
       and (a.review_count, a.review_score_raw, a.review_flagged, a.review_disputed, a.review_complete)
           is distinct from (v.n, v.mean, v.flagged, v.disputed, v.complete)
    returning a.id, a.review_complete;
  PERFORM set_config('lanyard.cache_quiet', '', true);
END $$;
--> statement-breakpoint
-- "Next" whole in one function: the hold (review_take_next), the held application's columns the
-- reviewer's view is made from, and the reviewer's count of reviews. As a function its statements
-- keep their plans for the session; a statement sent from the server around review_take_next was
-- planned on every call, and the planner, expecting a thousand rows from it, hashed the whole
-- applications table to join one.
CREATE FUNCTION "review_next"(
  p_reviewer uuid,
  p_email text,
  p_k integer,
  p_hold_minutes integer,
  p_max_candidates integer
) RETURNS TABLE (
  "expires_at" timestamptz,
  "id" uuid,
  "user_id" uuid,
  "role" applicant_role,
  "email" text,
  "submitted_at" timestamptz,
  "answers" jsonb,
  "birth_year" smallint,
  "birth_month" smallint,
  "birth_day" smallint,
  "resume_upload_id" uuid,
  "reviewed" integer
)
LANGUAGE plpgsql VOLATILE ROWS 1 AS $$
#variable_conflict use_column
DECLARE
  v_id uuid;
  v_expires timestamptz;
BEGIN
  SELECT t.application_id, t.expires_at INTO v_id, v_expires
    FROM review_take_next(p_reviewer, p_email, p_k, p_hold_minutes, p_max_candidates) t;
  -- A fresh statement: it sees the hold just taken, and the application as it is now.
  RETURN QUERY
    SELECT v_expires, a.id, a.user_id, a.role, a.email, a.submitted_at, a.answers,
           a.birth_year, a.birth_month, a.birth_day, a.resume_upload_id,
           (SELECT count(*)::int FROM reviews r WHERE r.reviewer_id = p_reviewer)
      FROM (SELECT 1) AS one
      LEFT JOIN applications a ON a.id = v_id;
END $$;
--> statement-breakpoint
ALTER FUNCTION "review_take_next"(uuid, text, integer, integer, integer) ROWS 1;
--> statement-breakpoint
-- The read cache hears of applications once per statement, not once per row. Deciding by score
-- over 42,000 applications spent about 5 of its 13.5 s in the row trigger (each call turned both
-- row versions, essays and all, into jsonb to see whether only review columns had changed). Now a
-- statement names each user it touched, or drops every instance's whole cache ('*') past a
-- thousand, and review_recompute, the one writer of the review columns (which no applicant sees),
-- marks its own update as not worth announcing instead.
CREATE FUNCTION "lanyard_cache_notify_applications"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  v_users uuid[];
BEGIN
  IF current_setting('lanyard.cache_quiet', true) = 'review' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    SELECT array_agg(DISTINCT n.user_id) INTO v_users FROM new_rows n;
  ELSIF TG_OP = 'DELETE' THEN
    SELECT array_agg(DISTINCT o.user_id) INTO v_users FROM old_rows o;
  ELSE
    SELECT array_agg(u) INTO v_users
      FROM (SELECT o.user_id AS u FROM old_rows o UNION SELECT n.user_id FROM new_rows n) x;
  END IF;
  IF cardinality(v_users) > 1000 THEN
    PERFORM pg_notify('lanyard_cache', '*');
  ELSIF v_users IS NOT NULL THEN
    PERFORM pg_notify('lanyard_cache', 'u:' || u::text) FROM unnest(v_users) AS u;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "applications_read_cache" ON "applications";--> statement-breakpoint
CREATE TRIGGER "applications_read_cache" AFTER UPDATE ON "applications"
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "lanyard_cache_notify_applications"();
--> statement-breakpoint
CREATE TRIGGER "applications_read_cache_insert" AFTER INSERT ON "applications"
  REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "lanyard_cache_notify_applications"();
--> statement-breakpoint
CREATE TRIGGER "applications_read_cache_delete" AFTER DELETE ON "applications"
  REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "lanyard_cache_notify_applications"();
--> statement-breakpoint
-- Migration 0004's function as it was: no trigger passes it columns to ignore any more.
CREATE OR REPLACE FUNCTION "lanyard_cache_notify_user_id"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('lanyard_cache', 'u:' || OLD.user_id::text);
  END IF;
  IF TG_OP <> 'DELETE' AND (TG_OP = 'INSERT' OR NEW.user_id IS DISTINCT FROM OLD.user_id) THEN
    PERFORM pg_notify('lanyard_cache', 'u:' || NEW.user_id::text);
  END IF;
  RETURN NULL;
END $$;
