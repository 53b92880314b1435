-- Admin application list: search and count without reading the wide application rows.
-- search_text is what the list's search matches, lower-cased on write; `search_text like lower(p)`
-- returns exactly the rows of `(first_name || ' ' || ... || major) ilike p` (ILIKE in a UTF-8 database
-- is lower() on both sides and LIKE), but costs no lower() per row.
-- The trigram index also holds role and status (btree_gin), so a search with role or status filters
-- is one index lookup instead of a trigram bitmap AND-ed with a 30,000-row status bitmap.
-- The covering index answers count(*) for searches too short or too common for trigrams ("li",
-- "mat") from the index alone; the page query (which needs the other columns) keeps its old plans.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "applications_search_trgm_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("first_name" || ' ' || "last_name" || ' ' || "email" || ' ' || "school" || ' ' || "major")) STORED;--> statement-breakpoint
CREATE INDEX "applications_search_idx" ON "applications" USING gin ("search_text" gin_trgm_ops,"role","status");--> statement-breakpoint
CREATE INDEX "applications_list_cover_idx" ON "applications" USING btree ("role","status") INCLUDE ("school","search_text");--> statement-breakpoint
-- The column is new: without statistics the planner would guess at every search until autovacuum runs.
ANALYZE "applications";
