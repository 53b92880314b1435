-- A review's writes in one round trip (issue 16's 30 ms target). The rules that read the rubric
-- (the scores, the weighted total, whether the role's decisions are out) are checked in
-- modules/review/service.ts against the settings it read; this function holds the settings for share
-- and refuses with 'stale' if they changed since (their row's xmin), so the service reads them
-- again. What must be decided under the application's row lock is decided here: the reviewer's
-- skip, hold and the room left (k, plus one while disputed, as in review_take_next).

-- The review columns of applications, worked out from the reviews table: one application, one role,
-- or all (both arguments null). The one home of that formula: modules/review/aggregates.ts calls it.
CREATE FUNCTION "review_recompute"(p_app uuid, p_role text, p_k integer, p_threshold double precision)
RETURNS TABLE ("id" uuid, "complete" boolean)
LANGUAGE plpgsql VOLATILE AS $$
BEGIN
  -- Built per scope so each scope keeps its own plan (one application reads its index entries only).
  -- Totals and spreads are kept to three decimals: 4.333 - 2.833 is 1.5, and a threshold of 1.5
  -- means what it says.
  RETURN QUERY EXECUTE format($q$
    with s as (
      select application_id,
             count(*)::int as n,
             avg(total) as mean,
             bool_or(flag is not null) as flagged,
             round((max(total) - min(total))::numeric, 3) > $4::numeric as disputed
        from reviews
       where %s
       group by application_id
    ), v as (
      select s.*, s.n >= $3 + case when s.disputed then 1 else 0 end as complete from s
    )
    update applications a
       set review_count = v.n,
           review_score_raw = v.mean,
           review_flagged = v.flagged,
           review_disputed = v.disputed,
           review_complete = v.complete
      from v
     where a.id = v.application_id
       and (a.review_count, a.review_score_raw, a.review_flagged, a.review_disputed, a.review_complete)
           is distinct from (v.n, v.mean, v.flagged, v.disputed, v.complete)
    returning a.id, a.review_complete$q$,
    CASE WHEN p_app IS NOT NULL THEN 'application_id = $1'
         WHEN p_role IS NOT NULL THEN 'role = $2::applicant_role'
         ELSE 'true' END)
  USING p_app, p_role, p_k, p_threshold;
END $$;
--> statement-breakpoint
CREATE FUNCTION "review_submit"(
  p_app uuid,
  p_reviewer uuid,
  p_settings_version text,
  p_editable boolean,
  p_k integer,
  p_threshold double precision,
  p_scores jsonb,
  p_total double precision,
  p_note text,
  p_flag text,
  p_flag_reason text,
  p_duration_ms integer,
  p_actor_id uuid,
  p_actor_email text,
  p_ip text
) RETURNS TABLE (
  "outcome" text,
  "changed" boolean,
  "was_complete" boolean,
  "now_complete" boolean,
  "scores" jsonb,
  "total" double precision,
  "note" text,
  "flag" text,
  "flag_reason" text,
  "updated_at" timestamptz,
  "reviewed" integer
)
LANGUAGE plpgsql VOLATILE AS $$
#variable_conflict use_column
-- A refusal answers only its outcome (the other columns null); 'ok' answers the review as stored.
DECLARE
  v_version text;
  v_app applications%ROWTYPE;
  v_before reviews%ROWTYPE;
  v_row reviews%ROWTYPE;
  v_others integer;
  v_complete boolean;
BEGIN
  SELECT s.xmin::text INTO v_version FROM settings s WHERE s.id = 1 FOR SHARE;
  IF v_version IS DISTINCT FROM p_settings_version THEN
    outcome := 'stale';
    RETURN NEXT;
    RETURN;
  END IF;
  SELECT * INTO v_app FROM applications a WHERE a.id = p_app FOR UPDATE;
  IF NOT FOUND THEN
    outcome := 'not_found';
    RETURN NEXT;
    RETURN;
  END IF;

  SELECT * INTO v_before FROM reviews r WHERE r.application_id = p_app AND r.reviewer_id = p_reviewer;
  IF FOUND THEN
    IF NOT p_editable THEN
      outcome := 'locked';
      RETURN NEXT;
      RETURN;
    END IF;
    UPDATE reviews r
       SET scores = p_scores, total = p_total, note = p_note, flag = p_flag::review_flag,
           flag_reason = p_flag_reason, updated_at = now(),
           duration_ms = CASE WHEN p_duration_ms IS NULL THEN r.duration_ms
                              ELSE coalesce(r.duration_ms, 0) + p_duration_ms END
     WHERE r.id = v_before.id
    RETURNING * INTO v_row;
  ELSE
    IF EXISTS (SELECT 1 FROM review_skips s WHERE s.application_id = p_app AND s.reviewer_id = p_reviewer) THEN
      outcome := 'skipped';
      RETURN NEXT;
      RETURN;
    END IF;
    -- Without a live hold of their own, a reviewer may still review while there is room.
    IF NOT EXISTS (SELECT 1 FROM review_holds h WHERE h.application_id = p_app AND h.reviewer_id = p_reviewer
                     AND h.expires_at > now()) THEN
      IF v_app.status NOT IN ('pending', 'submitted') THEN
        outcome := 'closed';
        RETURN NEXT;
        RETURN;
      END IF;
      SELECT count(*) INTO v_others FROM review_holds h
       WHERE h.application_id = p_app AND h.reviewer_id <> p_reviewer AND h.expires_at > now();
      IF v_app.review_count + v_others >= p_k + (CASE WHEN v_app.review_disputed THEN 1 ELSE 0 END) THEN
        outcome := 'full';
        RETURN NEXT;
        RETURN;
      END IF;
    END IF;
    INSERT INTO reviews (application_id, reviewer_id, role, scores, total, note, flag, flag_reason, duration_ms)
    VALUES (p_app, p_reviewer, v_app.role, p_scores, p_total, p_note, p_flag::review_flag, p_flag_reason, p_duration_ms)
    RETURNING * INTO v_row;
  END IF;

  DELETE FROM review_holds h WHERE h.application_id = p_app AND h.reviewer_id = p_reviewer;
  SELECT c.complete INTO v_complete FROM review_recompute(p_app, null, p_k, p_threshold) c;
  -- Each review change is audited with the review before and after (a skip's row is written by the service).
  INSERT INTO audit_log (actor_id, actor_email, ip, action, target_type, target_id, before, after)
  VALUES (
    p_actor_id, p_actor_email, p_ip,
    CASE WHEN v_before.id IS NULL THEN 'review.submit' ELSE 'review.update' END,
    'application', p_app::text,
    CASE WHEN v_before.id IS NULL THEN null ELSE jsonb_build_object(
      'reviewer_id', v_before.reviewer_id, 'scores', v_before.scores, 'total', v_before.total,
      'note', v_before.note, 'flag', v_before.flag, 'flag_reason', v_before.flag_reason) END,
    jsonb_build_object(
      'reviewer_id', v_row.reviewer_id, 'scores', v_row.scores, 'total', v_row.total,
      'note', v_row.note, 'flag', v_row.flag, 'flag_reason', v_row.flag_reason));

  -- changed: the application's place in the review queue may have changed (for the progress count).
  RETURN QUERY SELECT 'ok'::text, v_complete IS NOT NULL AND v_app.status IN ('pending', 'submitted'),
    v_app.review_complete,
    coalesce(v_complete, v_app.review_complete), v_row.scores, v_row.total, v_row.note, v_row.flag::text,
    v_row.flag_reason, v_row.updated_at,
    (SELECT count(*)::int FROM reviews r WHERE r.reviewer_id = p_reviewer);
END $$;
