-- Insights (issue 18). When an application was started: a draft keeps its first save, and submit
-- copies it to the application (the submission's own time when there was no draft). Rows from
-- before this migration never recorded it, so the best known time stands in: the draft's last save,
-- the application's submission.
ALTER TABLE "application_drafts" ADD COLUMN "created_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "application_drafts" SET "created_at" = "updated_at";
--> statement-breakpoint
ALTER TABLE "application_drafts" ALTER COLUMN "created_at" SET DEFAULT now(), ALTER COLUMN "created_at" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "started_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "applications" SET "started_at" = "submitted_at";
--> statement-breakpoint
-- The answers the Insights tab counts, as stored generated columns (schema/core.ts says why). One
-- statement, so the table is rewritten once (which also drops the row versions the UPDATE left).
ALTER TABLE "applications"
  ALTER COLUMN "started_at" SET DEFAULT now(),
  ALTER COLUMN "started_at" SET NOT NULL,
  ADD COLUMN "answer_gender" text GENERATED ALWAYS AS (nullif(btrim("answers" ->> 'gender'), '')) STORED,
  ADD COLUMN "answer_race" text GENERATED ALWAYS AS (nullif(btrim("answers" ->> 'race'), '')) STORED,
  ADD COLUMN "answer_heard" text GENERATED ALWAYS AS (nullif(btrim("answers" ->> 'howDidYouHear'), '')) STORED,
  ADD COLUMN "answer_graduation_year" text GENERATED ALWAYS AS (nullif(btrim("answers" ->> 'graduationYear'), '')) STORED,
  ADD COLUMN "answer_first_hackathon" text GENERATED ALWAYS AS (nullif(btrim("answers" ->> 'firstHackathon'), '')) STORED,
  ADD COLUMN "answer_travel_from" text GENERATED ALWAYS AS (nullif(btrim("answers" ->> 'travelFrom'), '')) STORED,
  ADD COLUMN "answer_dietary" text GENERATED ALWAYS AS (nullif(btrim("answers" ->> 'dietaryRestrictions'), '')) STORED,
  ADD COLUMN "answer_needs_accommodation" text GENERATED ALWAYS AS (nullif(btrim("answers" ->> 'needsAccommodation'), '')) STORED,
  ADD COLUMN "answer_needs_visa" text GENERATED ALWAYS AS (nullif(btrim("answers" ->> 'needsVisa'), '')) STORED;
--> statement-breakpoint
-- The Insights panels count from narrow indexes instead of the rows (about 1 kB each, their answers
-- included): at 50,000 applications a panel then reads a few MB of index, not 65 MB of table.
-- Writes pay little more: most updates of an application are not HOT (each already adds an entry
-- to every index), and the answers do not change after submission.
CREATE INDEX "users_role_created_idx" ON "users" USING btree ("role","created_at");
--> statement-breakpoint
CREATE INDEX "applications_role_started_idx" ON "applications" USING btree ("role","started_at");
--> statement-breakpoint
CREATE INDEX "applications_insights_idx" ON "applications" USING btree ("role","status") INCLUDE ("submitted_at","rsvp_status","review_count","review_disputed","review_flagged","is_high_school","birth_year","birth_month","birth_day","answer_gender","answer_race","answer_graduation_year","answer_first_hackathon","answer_heard","answer_travel_from","school","major");
--> statement-breakpoint
CREATE INDEX "applications_insights_accepted_idx" ON "applications" USING btree ("role") INCLUDE ("status","rsvp_status","rsvp_expired_at","rsvp_due_at","shirt_size","answer_dietary","answer_needs_accommodation","answer_needs_visa") WHERE "applications"."status" = 'accepted';
--> statement-breakpoint
CREATE INDEX "applications_rsvp_at_idx" ON "applications" USING btree ("rsvp_at") INCLUDE ("role","status","rsvp_status") WHERE "applications"."rsvp_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "reviews_insights_idx" ON "reviews" USING btree ("role","created_at") INCLUDE ("reviewer_id","application_id");
--> statement-breakpoint
CREATE INDEX "checkin_checked_in_at_idx" ON "checkin_records" USING btree ("checked_in_at") WHERE "checkin_records"."checked_in";
