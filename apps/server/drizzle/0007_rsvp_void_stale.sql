-- Written by hand (issue 14): an RSVP answers one decision, and from this release a change of
-- decision voids it in the same transaction (src/policies/rsvp.ts). Before, a waitlisted applicant
-- who chose "Keep me on the waitlist" and was then accepted counted as a confirmed attendee with no
-- waiver. Void every RSVP that the audit log shows was recorded before a later change of decision
-- (and not corrected by an admin since), with an audit row holding what it said, so those
-- applicants are asked again. RSVPs with no such history are left as they are.
WITH "stale" AS (
  SELECT a."id", a."status", a."rsvp_status", a."rsvp_at", a."preferred_name", a."school_name", a."pronoun",
    a."linkedin_url", a."github_url", a."liability_waiver_accepted", a."photo_clearance_accepted",
    a."photo_sharing_opt_out"
  FROM "applications" a
  WHERE a."rsvp_status" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "audit_log" l
    WHERE l."target_type" = 'application' AND l."target_id" = a."id"::text
      AND l."action" IN ('application.status', 'application.bulk_status')
      AND (l."before"->>'status') IS DISTINCT FROM (l."after"->>'status')
      AND l."created_at" > a."rsvp_at"
      AND NOT EXISTS (
        SELECT 1 FROM "audit_log" u
        WHERE u."target_type" = 'application' AND u."target_id" = a."id"::text
          AND u."action" = 'rsvp.update' AND u."created_at" > l."created_at"
      )
  )
), "logged" AS (
  INSERT INTO "audit_log" ("action", "target_type", "target_id", "before", "after")
  SELECT 'rsvp.void', 'application', s."id"::text,
    jsonb_build_object(
      'status', s."status", 'rsvp_status', s."rsvp_status", 'rsvp_at', s."rsvp_at",
      'preferred_name', s."preferred_name", 'school_name', s."school_name", 'pronoun', s."pronoun",
      'linkedin_url', s."linkedin_url", 'github_url', s."github_url",
      'liability_waiver_accepted', s."liability_waiver_accepted",
      'photo_clearance_accepted', s."photo_clearance_accepted",
      'photo_sharing_opt_out', s."photo_sharing_opt_out"),
    jsonb_build_object('status', s."status", 'rsvp_status', NULL, 'reason', 'decision_changed_before_0007')
  FROM "stale" s
)
UPDATE "applications" a SET
  "rsvp_status" = NULL, "rsvp_at" = NULL, "preferred_name" = NULL, "school_name" = NULL, "pronoun" = NULL,
  "linkedin_url" = NULL, "github_url" = NULL, "liability_waiver_accepted" = NULL,
  "photo_clearance_accepted" = NULL, "photo_sharing_opt_out" = NULL
FROM "stale" s
WHERE a."id" = s."id";
