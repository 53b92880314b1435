-- Event-day stations (issue 20): meals, swag, workshops and the door, and every scan made at one,
-- online or replayed from a device that was offline (one row per device scan: device_id, client_scan_id).
CREATE TABLE "scans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"station_id" uuid NOT NULL,
	"record_id" uuid,
	"application_id" uuid,
	"scanned_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scanned_by" uuid,
	"scanned_by_email" text,
	"device_id" text NOT NULL,
	"client_scan_id" uuid NOT NULL,
	"source" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"undone_at" timestamp with time zone,
	CONSTRAINT "scans_source_check" CHECK ("scans"."source" in ('online', 'replayed')),
	CONSTRAINT "scans_outcome_check" CHECK ("scans"."outcome" in ('ok', 'already', 'denied'))
);
--> statement-breakpoint
CREATE TABLE "stations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"rule" text NOT NULL,
	"audience" text DEFAULT 'checked_in' NOT NULL,
	"express" boolean DEFAULT true NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stations_kind_check" CHECK ("stations"."kind" in ('checkin', 'meal', 'swag', 'workshop', 'other')),
	CONSTRAINT "stations_rule_check" CHECK ("stations"."rule" in ('once', 'once_per_day', 'unlimited')),
	CONSTRAINT "stations_audience_check" CHECK ("stations"."audience" in ('checked_in', 'confirmed'))
);
--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_station_id_stations_id_fk" FOREIGN KEY ("station_id") REFERENCES "public"."stations"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_record_id_checkin_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."checkin_records"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "scans" ADD CONSTRAINT "scans_scanned_by_users_id_fk" FOREIGN KEY ("scanned_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "scans_device_scan_key" ON "scans" USING btree ("device_id","client_scan_id");--> statement-breakpoint
CREATE INDEX "scans_counted_person_idx" ON "scans" USING btree ("station_id","record_id","scanned_at") WHERE "scans"."outcome" = 'ok' and "scans"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "scans_counted_time_idx" ON "scans" USING btree ("station_id","scanned_at") WHERE "scans"."outcome" = 'ok' and "scans"."undone_at" is null;--> statement-breakpoint
CREATE INDEX "scans_record_idx" ON "scans" USING btree ("record_id","scanned_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stations_name_key" ON "stations" USING btree (lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "stations_one_checkin" ON "stations" USING btree ("kind") WHERE "stations"."kind" = 'checkin';--> statement-breakpoint
-- The door is the station "Check-in": its scans check people in (express), or ask a tap first.
INSERT INTO "stations" ("name", "kind", "rule", "audience", "express") VALUES ('Check-in', 'checkin', 'once', 'confirmed', true);
