-- Sponsor consent (issue 21): the current answer on the application and every change in
-- consent_events. No answer is carried over from the old "recruiting e-mails" question: it asked to
-- be e-mailed, not to have an application and resume shared, so everyone starts without consent
-- and gives it, if they wish, under the new words from the dashboard.
CREATE TABLE "consent_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"application_id" uuid,
	"kind" text NOT NULL,
	"given" boolean NOT NULL,
	"version" text NOT NULL,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_events_kind_check" CHECK ("consent_events"."kind" in ('sponsor_sharing')),
	CONSTRAINT "consent_events_source_check" CHECK ("consent_events"."source" in ('application', 'dashboard'))
);
--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "sponsor_consent" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "sponsor_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "consent_events_user_idx" ON "consent_events" USING btree ("user_id","created_at");--> statement-breakpoint
-- Erasure (issue 21): the audit log stays append-only, except that deleting an applicant's account
-- scrubs what identifies them from the rows about them (modules/privacy/deletion.ts). Only a
-- transaction that set lanyard.audit_scrub may do it, and only to actor_email, ip, before and after:
-- who acted (actor_id), what was done, to which id and when never change, and no row is deleted.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('lanyard.audit_scrub', true) = 'on'
     AND NEW.id = OLD.id AND NEW.actor_id IS NOT DISTINCT FROM OLD.actor_id
     AND NEW.action = OLD.action AND NEW.target_type = OLD.target_type
     AND NEW.target_id IS NOT DISTINCT FROM OLD.target_id AND NEW.created_at = OLD.created_at THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;
