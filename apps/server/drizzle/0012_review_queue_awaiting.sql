-- A submit stores "pending" (awaiting a decision, like "submitted"): the review queue's index covers both.
DROP INDEX "applications_review_queue_idx";--> statement-breakpoint
CREATE INDEX "applications_review_queue_idx" ON "applications" USING btree ("submitted_at","id") WHERE "applications"."status" in ('pending', 'submitted') and not "applications"."review_complete";