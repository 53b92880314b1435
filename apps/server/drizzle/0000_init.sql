-- pg_trgm keeps name/e-mail/school search fast at 50,000 applications; trusted since PostgreSQL 13.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TYPE "public"."applicant_role" AS ENUM('hacker', 'mentor');--> statement-breakpoint
CREATE TYPE "public"."application_status" AS ENUM('pending', 'submitted', 'accepted', 'rejected', 'waitlisted');--> statement-breakpoint
CREATE TYPE "public"."auth_token_kind" AS ENUM('email_verification', 'password_reset');--> statement-breakpoint
CREATE TYPE "public"."checkin_role" AS ENUM('hacker', 'mentor', 'judge', 'sponsor', 'mentor + judge');--> statement-breakpoint
CREATE TYPE "public"."outbox_status" AS ENUM('pending', 'sent', 'failed');--> statement-breakpoint
CREATE TYPE "public"."rsvp_status" AS ENUM('accepted', 'declined', 'maybe');--> statement-breakpoint
CREATE TYPE "public"."user_role" AS ENUM('hacker', 'mentor', 'admin', 'volunteer');--> statement-breakpoint
CREATE TABLE "access_codes" (
	"code" text PRIMARY KEY NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"role" "applicant_role" NOT NULL,
	"status" "application_status" DEFAULT 'pending' NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"school" text DEFAULT '' NOT NULL,
	"major" text DEFAULT '' NOT NULL,
	"is_high_school" boolean DEFAULT false NOT NULL,
	"birth_year" smallint,
	"birth_month" smallint,
	"birth_day" smallint,
	"shirt_size" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"resume_upload_id" uuid,
	"portfolio_url" text,
	"access_code_used" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"decision_notified_status" "application_status",
	"rsvp_status" "rsvp_status",
	"rsvp_at" timestamp with time zone,
	"preferred_name" text,
	"school_name" text,
	"pronoun" text,
	"linkedin_url" text,
	"github_url" text,
	"liability_waiver_accepted" boolean,
	"photo_clearance_accepted" boolean,
	"photo_sharing_opt_out" boolean
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_email" text,
	"action" text NOT NULL,
	"target_type" text NOT NULL,
	"target_id" text,
	"before" jsonb,
	"after" jsonb,
	"ip" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" "auth_token_kind" NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checkin_records" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"school_name" text DEFAULT '' NOT NULL,
	"role" "checkin_role" DEFAULT 'hacker' NOT NULL,
	"major" text,
	"birth_year" smallint,
	"birth_month" smallint,
	"birth_day" smallint,
	"is_high_school" boolean,
	"preferred_name" text,
	"pronoun" text,
	"linkedin_url" text,
	"github_url" text,
	"gender" text,
	"race" text,
	"shirt_size" text,
	"travel_from" text,
	"checked_in" boolean DEFAULT false NOT NULL,
	"checked_in_at" timestamp with time zone,
	"checked_in_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text,
	"kind" text NOT NULL,
	"dedupe_key" text,
	"status" "outbox_status" DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "rate_limits_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text,
	"ip" text
);
--> statement-breakpoint
CREATE TABLE "settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"application_deadline" timestamp with time zone,
	"allow_late_applications" boolean DEFAULT false NOT NULL,
	"require_access_code" boolean DEFAULT false NOT NULL,
	"force_application_open" boolean DEFAULT false NOT NULL,
	"hacker_decisions_released" boolean DEFAULT false NOT NULL,
	"mentor_decisions_released" boolean DEFAULT false NOT NULL,
	"rsvp_deadline" timestamp with time zone,
	"rsvp_open" boolean DEFAULT true NOT NULL,
	"email_templates" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settings_singleton" CHECK ("settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid,
	"storage_key" text NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" bigint NOT NULL,
	"sha256" text NOT NULL,
	"purpose" text DEFAULT 'resume' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" "user_role" NOT NULL,
	"email_verified_at" timestamp with time zone,
	"last_login_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "access_codes" ADD CONSTRAINT "access_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_resume_upload_id_uploads_id_fk" FOREIGN KEY ("resume_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkin_records" ADD CONSTRAINT "checkin_records_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_user_key" ON "applications" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "applications_status_idx" ON "applications" USING btree ("status");--> statement-breakpoint
CREATE INDEX "applications_role_status_idx" ON "applications" USING btree ("role","status");--> statement-breakpoint
CREATE INDEX "applications_submitted_idx" ON "applications" USING btree ("submitted_at");--> statement-breakpoint
CREATE INDEX "applications_school_idx" ON "applications" USING btree ("school");--> statement-breakpoint
CREATE INDEX "applications_major_idx" ON "applications" USING btree ("major");--> statement-breakpoint
CREATE INDEX "applications_rsvp_idx" ON "applications" USING btree ("rsvp_status");--> statement-breakpoint
CREATE INDEX "applications_hs_idx" ON "applications" USING btree ("is_high_school");--> statement-breakpoint
CREATE INDEX "applications_birth_idx" ON "applications" USING btree ("birth_year","birth_month","birth_day");--> statement-breakpoint
CREATE INDEX "applications_search_trgm_idx" ON "applications" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "school" || ' ' || "major") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_type","target_id");--> statement-breakpoint
CREATE UNIQUE INDEX "auth_tokens_hash_key" ON "auth_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "checkin_application_key" ON "checkin_records" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "checkin_email_idx" ON "checkin_records" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "checkin_checked_in_idx" ON "checkin_records" USING btree ("checked_in");--> statement-breakpoint
CREATE INDEX "checkin_role_idx" ON "checkin_records" USING btree ("role");--> statement-breakpoint
CREATE INDEX "checkin_school_idx" ON "checkin_records" USING btree ("school_name");--> statement-breakpoint
CREATE INDEX "checkin_search_trgm_idx" ON "checkin_records" USING gin (("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "school_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "email_outbox_dedupe_key" ON "email_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "email_outbox_due_idx" ON "email_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_token_hash_key" ON "sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_storage_key_key" ON "uploads" USING btree ("storage_key");--> statement-breakpoint
CREATE INDEX "uploads_owner_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin ("email" gin_trgm_ops);--> statement-breakpoint
INSERT INTO "settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;--> statement-breakpoint
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log is append-only';
END;
$$;--> statement-breakpoint
CREATE TRIGGER audit_log_no_change BEFORE UPDATE OR DELETE ON "audit_log" FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();
