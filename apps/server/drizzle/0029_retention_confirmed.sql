-- Retention acts only once an organiser has saved its periods (decision 023): the sample event and
-- any event that ended long ago would otherwise lose its people an hour after the first start.
ALTER TABLE "retention_settings" ADD COLUMN "confirmed_at" timestamp with time zone;