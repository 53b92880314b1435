-- Custom questions (issue 19): the questions organisers add to a role's form, every wording each has
-- had (an answer keeps the wording it was given under), and the answers on the application.
CREATE TABLE "custom_questions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"role" "applicant_role" NOT NULL,
	"position" integer NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"definition" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "custom_question_versions" (
	"question_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"definition" jsonb NOT NULL,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "custom_question_versions_question_id_version_pk" PRIMARY KEY("question_id","version")
);
--> statement-breakpoint
ALTER TABLE "custom_question_versions" ADD CONSTRAINT "custom_question_versions_question_id_custom_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."custom_questions"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "custom_question_versions" ADD CONSTRAINT "custom_question_versions_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "custom_questions_role_position_idx" ON "custom_questions" USING btree ("role","position");
--> statement-breakpoint
-- A constant default: no table rewrite, whatever the number of applications.
ALTER TABLE "applications" ADD COLUMN "custom_answers" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
CREATE INDEX "applications_custom_answers_idx" ON "applications" USING gin ("custom_answers" jsonb_path_ops);
--> statement-breakpoint
-- Every instance keeps the questions in its read cache (src/lib/read-cache.ts), and applicants'
-- cached answers show them in the questions' order: any change announces 'q', which drops both.
CREATE FUNCTION "lanyard_cache_notify_questions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('lanyard_cache', 'q');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "custom_questions_read_cache" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "custom_questions"
  FOR EACH STATEMENT EXECUTE FUNCTION "lanyard_cache_notify_questions"();
