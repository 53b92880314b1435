-- The Applications list's default order (newest submitted first) read from the index alone: a
-- deep page walks (submitted_at, id) and filters role and status without reading the wide rows
-- (modules/admin-applications/service.ts listQuery). drizzle's index builder has no INCLUDE.
CREATE INDEX "applications_submitted_cover_idx" ON "applications" USING btree ("submitted_at", "id") INCLUDE ("role", "status");
