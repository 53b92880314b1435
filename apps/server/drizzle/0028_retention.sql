-- Data retention (issue 21): the organisers' retention periods (one row, null turns a rule off) and
-- the claim row daily jobs take so that one instance of a cluster runs each once a day.
CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "retention_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"resume_days" integer DEFAULT 90,
	"non_attendee_days" integer DEFAULT 180,
	"unverified_days" integer DEFAULT 30,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "retention_settings_singleton" CHECK ("retention_settings"."id" = 1),
	CONSTRAINT "retention_settings_days" CHECK (coalesce("retention_settings"."resume_days", 1) between 1 and 3650 and coalesce("retention_settings"."non_attendee_days", 1) between 1 and 3650
        and coalesce("retention_settings"."unverified_days", 1) between 1 and 3650)
);
--> statement-breakpoint
INSERT INTO "retention_settings" ("id") VALUES (1) ON CONFLICT DO NOTHING;
