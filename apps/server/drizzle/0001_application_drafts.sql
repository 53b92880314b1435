CREATE TABLE "application_drafts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"role" "applicant_role" NOT NULL,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resume_upload_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_drafts" ADD CONSTRAINT "application_drafts_resume_upload_id_uploads_id_fk" FOREIGN KEY ("resume_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;