-- Sponsors and the resume book (issue 21): the sponsor role, each sponsor account's company and
-- access window, their stars, the book's rule, and an index for the admins' per-sponsor activity
-- (read from the audit log). Independent of 0024 and 0025: it may run before or after them.
ALTER TYPE "public"."user_role" ADD VALUE 'sponsor';--> statement-breakpoint
CREATE TABLE "sponsors" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"company" text NOT NULL,
	"access_from" timestamp with time zone NOT NULL,
	"access_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsors_window_check" CHECK ("sponsors"."access_until" > "sponsors"."access_from")
);
--> statement-breakpoint
CREATE TABLE "sponsor_stars" (
	"sponsor_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsor_stars_sponsor_id_application_id_pk" PRIMARY KEY("sponsor_id","application_id")
);
--> statement-breakpoint
CREATE TABLE "sponsor_settings" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"book_rule" text DEFAULT 'confirmed' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sponsor_settings_singleton" CHECK ("sponsor_settings"."id" = 1),
	CONSTRAINT "sponsor_settings_rule_check" CHECK ("sponsor_settings"."book_rule" in ('confirmed', 'checked_in'))
);
--> statement-breakpoint
ALTER TABLE "sponsors" ADD CONSTRAINT "sponsors_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_stars" ADD CONSTRAINT "sponsor_stars_sponsor_id_users_id_fk" FOREIGN KEY ("sponsor_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sponsor_stars" ADD CONSTRAINT "sponsor_stars_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sponsor_stars_application_idx" ON "sponsor_stars" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "audit_log_sponsor_idx" ON "audit_log" USING btree ("actor_id","action","created_at") WHERE "audit_log"."action" like 'sponsor.%';
