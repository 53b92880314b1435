-- Admin application list sorts (name, status, school, submitted): each key then the id, so a page of
-- 50 is read from an index in either direction instead of sorting the whole table. Text sorts on
-- lower() because the database collates bytewise. (status, id) replaces the status index it covers.
DROP INDEX "applications_status_idx";--> statement-breakpoint
CREATE INDEX "applications_status_sort_idx" ON "applications" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "applications_name_sort_idx" ON "applications" USING btree (lower("first_name"),lower("last_name"),"id");--> statement-breakpoint
CREATE INDEX "applications_school_sort_idx" ON "applications" USING btree (lower("school"),"id");--> statement-breakpoint
-- Statistics for the new expressions, so the planner picks these indexes before autovacuum runs.
ANALYZE "applications";
