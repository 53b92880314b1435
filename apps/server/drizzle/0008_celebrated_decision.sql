ALTER TABLE "applications" ADD COLUMN "celebrated_status" "application_status";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "celebrated_decided_at" timestamp with time zone;