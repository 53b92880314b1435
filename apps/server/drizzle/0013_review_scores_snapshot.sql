-- Derived data in its own schema, kept out of backups and rebuilt on demand: a snapshot of review
-- scores the admin list reads by index (db/review-scores.ts), and what it was computed from. Every
-- statement that changes reviews adds a row to derived.review_changes, so the highest id seen in a
-- snapshot says exactly which reviews it includes.
CREATE SCHEMA "derived";
--> statement-breakpoint
CREATE TABLE "derived"."review_changes" (
	"id" bigserial PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE TABLE "derived"."review_scores" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"role" "applicant_role" NOT NULL,
	"score_raw" double precision NOT NULL,
	"score_calibrated" double precision NOT NULL,
	"score" double precision NOT NULL,
	"rank" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "derived"."review_scores_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"change" bigint DEFAULT 0 NOT NULL,
	"rules" jsonb,
	"computed_at" timestamp with time zone,
	CONSTRAINT "review_scores_state_singleton" CHECK ("derived"."review_scores_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "derived"."review_scores" ADD CONSTRAINT "review_scores_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_scores_role_score_idx" ON "derived"."review_scores" USING btree ("role","score");--> statement-breakpoint
CREATE FUNCTION "review_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "derived"."review_changes" DEFAULT VALUES;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "review_changed"();
