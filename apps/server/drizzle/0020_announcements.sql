-- Announcements (issue 17): an admin's e-mail to a segment of the Applications or RSVP list. The
-- row is its record; its e-mails are outbox rows carrying its id, queued in the transaction that
-- marks it sent (so a crash leaves it fully queued or still scheduled).
CREATE TABLE "announcements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"segment" jsonb NOT NULL,
	"segment_summary" text NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"created_by" uuid,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"recipient_count" integer,
	"cancelled_at" timestamp with time zone,
	"cancelled_by_email" text,
	"note" text,
	CONSTRAINT "announcements_status_check" CHECK ("announcements"."status" in ('scheduled', 'sent', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "announcements" ADD CONSTRAINT "announcements_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The sending job's claim: scheduled announcements that are due, oldest first.
CREATE INDEX "announcements_due_idx" ON "announcements" USING btree ("send_at") WHERE "announcements"."status" = 'scheduled';
--> statement-breakpoint
CREATE INDEX "announcements_created_idx" ON "announcements" USING btree ("created_at");
--> statement-breakpoint
-- Which announcement an e-mail belongs to: its delivered and failed counts are counted from here.
-- No foreign key: announcements are never deleted, and the outbox keeps its own rows.
ALTER TABLE "email_outbox" ADD COLUMN "announcement_id" uuid;
--> statement-breakpoint
CREATE INDEX "email_outbox_announcement_idx" ON "email_outbox" USING btree ("announcement_id") WHERE "email_outbox"."announcement_id" IS NOT NULL;
