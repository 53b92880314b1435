-- Custom choice and yes/no answers as keys (issue 19), for the Applications list's filter on an
-- answer and the Insights custom panel. custom_answers holds every answer with its version, so 30
-- questions make a 3 kB document that PostgreSQL compresses into the TOAST table: testing one answer
-- there fetches and decompresses it (about 8 µs a row), 130 ms to count 13,600 matches out of
-- 50,000, and the panel read 2.7 s. Here each answer is a 64-bit hash of its text key, in an array
-- of about 50 numbers (400 bytes) kept on the row:
--   '<question id>'              the question has an answer (any type)
--   '<question id>:true|false'   a yes/no (or consent) answer
--   '<question id>:<option id>'  each option chosen in a single or multiple choice
--   '<question id>:*'            "Other: ..." given in a choice
-- Option ids are lower-case letters and digits, so no key is another's. Two of the few thousand
-- keys an event has sharing a 64-bit hash is a chance of about one in 10^12. A GIN index over the
-- array answers `&&` exactly (no row is read again to recheck), and the panel counts by unnesting
-- the arrays, without reading custom_answers at all.
-- A plain column with a trigger rather than a generated one: adding it rewrites no table, and only
-- rows with answers are filled in.
CREATE FUNCTION "lanyard_custom_choice_keys"(answers jsonb) RETURNS bigint[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(array_agg(hashtextextended(k.key, 0)), '{}')
    FROM jsonb_each(CASE jsonb_typeof(answers) WHEN 'object' THEN answers ELSE '{}' END) e,
         LATERAL (
           SELECT e.key
           UNION ALL
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
-- A constant default: no table rewrite, whatever the number of applications.
ALTER TABLE "applications" ADD COLUMN "custom_choice_keys" bigint[] DEFAULT '{}' NOT NULL;
--> statement-breakpoint
CREATE FUNCTION "lanyard_custom_choice_keys_sync"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.custom_choice_keys := lanyard_custom_choice_keys(NEW.custom_answers);
  RETURN NEW;
END $$;
--> statement-breakpoint
-- Every writer of custom_answers keeps the keys current, and none can set them apart from it.
CREATE TRIGGER "applications_custom_choice_keys" BEFORE INSERT OR UPDATE OF "custom_answers", "custom_choice_keys"
  ON "applications" FOR EACH ROW EXECUTE FUNCTION "lanyard_custom_choice_keys_sync"();
--> statement-breakpoint
UPDATE "applications" SET "custom_choice_keys" = lanyard_custom_choice_keys("custom_answers")
  WHERE "custom_answers" <> '{}'::jsonb;
--> statement-breakpoint
CREATE INDEX "applications_custom_choice_keys_idx" ON "applications" USING gin ("custom_choice_keys");
