DROP INDEX "posts_body_fts_idx";--> statement-breakpoint
DROP INDEX "posts_body_trgm_idx";--> statement-breakpoint
DROP INDEX "questions_body_fts_idx";--> statement-breakpoint
ALTER TABLE "posts" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', body)) STORED;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple', body)) STORED;--> statement-breakpoint
CREATE INDEX "posts_search_vector_idx" ON "posts" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "questions_search_vector_idx" ON "questions" USING gin ("search_vector");--> statement-breakpoint
-- The lexicon of search: every word (3 to 40 characters) of every post and question body, with a
-- trigram index, so a misspelled word of a search finds the words it may mean. It never shrinks.
CREATE TABLE "search_terms" (
	"term" text PRIMARY KEY NOT NULL
);--> statement-breakpoint
CREATE INDEX "search_terms_trgm_idx" ON "search_terms" USING gin ("term" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "search_terms_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- lexemes come sorted, so concurrent writers take the terms' locks in the same order
  INSERT INTO search_terms (term)
    SELECT lexeme FROM unnest(tsvector_to_array(NEW.search_vector)) AS lexeme
     WHERE char_length(lexeme) BETWEEN 3 AND 40
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "posts_search_terms_insert" AFTER INSERT ON "posts"
  FOR EACH ROW EXECUTE FUNCTION search_terms_add();--> statement-breakpoint
CREATE TRIGGER "posts_search_terms_update" AFTER UPDATE OF "body" ON "posts"
  FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body) EXECUTE FUNCTION search_terms_add();--> statement-breakpoint
CREATE TRIGGER "questions_search_terms_insert" AFTER INSERT ON "questions"
  FOR EACH ROW EXECUTE FUNCTION search_terms_add();--> statement-breakpoint
CREATE TRIGGER "questions_search_terms_update" AFTER UPDATE OF "body" ON "questions"
  FOR EACH ROW WHEN (OLD.body IS DISTINCT FROM NEW.body) EXECUTE FUNCTION search_terms_add();--> statement-breakpoint
INSERT INTO "search_terms" ("term")
  SELECT word FROM ts_stat('SELECT search_vector FROM posts UNION ALL SELECT search_vector FROM questions')
   WHERE char_length(word) BETWEEN 3 AND 40
  ON CONFLICT DO NOTHING;
