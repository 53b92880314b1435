-- A snapshot of review scores the admin list reads by index (db/review-scores.ts), and what it was
-- computed from: every statement that changes reviews adds a row to review_changes, so the highest id
-- seen in a snapshot says exactly which reviews it includes.
CREATE TABLE "review_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "review_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1)
);
--> statement-breakpoint
CREATE TABLE "review_scores" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"role" "applicant_role" NOT NULL,
	"score_raw" double precision NOT NULL,
	"score_calibrated" double precision NOT NULL,
	"score" double precision NOT NULL,
	"rank" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_scores_state" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"change" bigint DEFAULT 0 NOT NULL,
	"rules" jsonb,
	"computed_at" timestamp with time zone,
	CONSTRAINT "review_scores_state_singleton" CHECK ("review_scores_state"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "review_scores" ADD CONSTRAINT "review_scores_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "review_scores_role_score_idx" ON "review_scores" USING btree ("role","score");--> statement-breakpoint
INSERT INTO "review_scores_state" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION "review_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "review_changes" DEFAULT VALUES;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "reviews_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "reviews"
  FOR EACH STATEMENT EXECUTE FUNCTION "review_changed"();
