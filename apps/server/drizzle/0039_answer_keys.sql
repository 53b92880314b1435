-- The custom answer filters' own table (issue 22): each application's answer keys, one row each,
-- ordered by key then application. Counting a filter that matches 14,000 of 50,000 applications
-- read every matching row of the wide table through the GIN index of custom_choice_keys
-- (migration 0027), 6,000 heap pages and about 20 ms, for an index that cannot answer alone. Here
-- the primary key answers alone (an index-only scan, about 1 ms for 10,000 matches), and one
-- answer's rows come out in application order, so they merge with the applications' primary key.
-- Only answers are kept here, not "the question has an answer" (about half the keys of a row):
-- that is for deleting a question, which still reads custom_choice_keys.
CREATE FUNCTION "lanyard_custom_answer_keys"(answers jsonb) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(DISTINCT hashtextextended(k.key, 0)), '{}')
    FROM jsonb_each(CASE jsonb_typeof(answers) WHEN 'object' THEN answers ELSE '{}' END) e,
         LATERAL (
           SELECT e.key || ':' || (e.value -> 'a')::text WHERE jsonb_typeof(e.value -> 'a') = 'boolean'
           UNION ALL
           SELECT e.key || ':' || o
             FROM jsonb_array_elements_text(CASE jsonb_typeof(e.value -> 'a' -> 'selected')
                                              WHEN 'array' THEN e.value -> 'a' -> 'selected' END) o
           UNION ALL
           SELECT e.key || ':*' WHERE jsonb_typeof(e.value -> 'a' -> 'other') = 'string'
         ) k(key)
$$;
--> statement-breakpoint
-- Every key of a row is its question's key or one of its answer keys: one home for what an answer's
-- key is. The same set as before (array order aside), so no row needs writing again.
CREATE OR REPLACE FUNCTION "lanyard_custom_choice_keys"(answers jsonb) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce((SELECT array_agg(hashtextextended(q, 0))
                     FROM jsonb_object_keys(CASE jsonb_typeof(answers) WHEN 'object' THEN answers ELSE '{}' END) q),
                  '{}') || lanyard_custom_answer_keys(answers)
$$;
--> statement-breakpoint
-- No foreign key: its cascade would need a second index as large as this table, led by the
-- application. The triggers below delete a row's keys by this primary key instead: the old row's
-- custom_choice_keys names every key it can have here.
CREATE TABLE "application_answer_keys" (
  "key" bigint NOT NULL,
  "application_id" uuid NOT NULL,
  PRIMARY KEY ("key", "application_id")
);
--> statement-breakpoint
-- Only ever by the primary key (enable_seqscan off for these statements alone): PL/pgSQL keeps the
-- plan it made in a statement's first few rows, and answers given to 42,600 applications in one
-- UPDATE planned a sequential scan while this table was still empty, then ran it for every row
-- as the table grew (over 25 minutes instead of seconds).
CREATE FUNCTION "lanyard_answer_keys_sync"() RETURNS trigger LANGUAGE plpgsql
  SET enable_seqscan = off AS $$
DECLARE
  kept bigint[] := '{}';
BEGIN
  IF TG_OP <> 'DELETE' THEN
    kept := lanyard_custom_answer_keys(NEW.custom_answers);
  END IF;
  IF TG_OP <> 'INSERT' AND cardinality(OLD.custom_choice_keys) > 0 THEN
    DELETE FROM "application_answer_keys"
     WHERE "key" = ANY (OLD.custom_choice_keys) AND "application_id" = OLD.id AND NOT "key" = ANY (kept);
  END IF;
  IF cardinality(kept) > 0 THEN
    INSERT INTO "application_answer_keys" ("key", "application_id")
      SELECT k, NEW.id FROM unnest(kept) k
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- AFTER: custom_choice_keys is then what the BEFORE trigger of migration 0027 made of the answers.
-- A row whose keys did not change (a review, a decision, an RSVP) queues nothing.
CREATE TRIGGER "applications_answer_keys_insert" AFTER INSERT ON "applications"
  FOR EACH ROW WHEN (cardinality(NEW.custom_choice_keys) > 0) EXECUTE FUNCTION "lanyard_answer_keys_sync"();
--> statement-breakpoint
CREATE TRIGGER "applications_answer_keys_update" AFTER UPDATE OF "custom_answers" ON "applications"
  FOR EACH ROW WHEN (OLD.custom_choice_keys IS DISTINCT FROM NEW.custom_choice_keys)
  EXECUTE FUNCTION "lanyard_answer_keys_sync"();
--> statement-breakpoint
CREATE TRIGGER "applications_answer_keys_delete" AFTER DELETE ON "applications"
  FOR EACH ROW WHEN (cardinality(OLD.custom_choice_keys) > 0) EXECUTE FUNCTION "lanyard_answer_keys_sync"();
--> statement-breakpoint
INSERT INTO "application_answer_keys" ("key", "application_id")
  SELECT k, a.id FROM "applications" a, unnest(lanyard_custom_answer_keys(a.custom_answers)) k
   WHERE a.custom_answers <> '{}'::jsonb;
