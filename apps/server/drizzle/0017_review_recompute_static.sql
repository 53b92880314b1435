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
