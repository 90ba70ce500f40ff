-- A question carries its author's username, name and profile image (decision 033), so a page of the
-- queue reads them from its own rows instead of looking each author up in users (21 index probes a
-- page, about a third of the page's work in PostgreSQL). The database keeps the copy, whatever
-- writes:
-- - before a question is inserted, or its author or any of the three is written, they are read
--   from users, under a FOR SHARE lock of the author's row;
-- - after a person's username, name or image changes, their questions are written again (which
--   reads them from users as above).
-- The lock orders a question's write and its author's rename: the rename waits for the question's
-- transaction and then updates it (each statement of the trigger sees what committed before it),
-- or the question waits for the rename and reads the new row.
ALTER TABLE "questions" ADD COLUMN "author_username" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "author_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "author_image" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "questions_author_idx" ON "questions" USING btree ("author_id");--> statement-breakpoint
UPDATE "questions" AS q SET "author_username" = u."username", "author_name" = u."name", "author_image" = u."profile_image_url"
  FROM "users" AS u WHERE u."id" = q."author_id";--> statement-breakpoint
-- (no such person: the row is left as it is, and the foreign key refuses it as before)
CREATE FUNCTION "questions_copy_author"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  author record;
BEGIN
  SELECT u.username, u.name, u.profile_image_url INTO author FROM users AS u WHERE u.id = NEW.author_id FOR SHARE;
  IF FOUND THEN
    NEW.author_username := author.username;
    NEW.author_name := author.name;
    NEW.author_image := author.profile_image_url;
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "questions_author_copied" BEFORE INSERT OR UPDATE OF "author_id", "author_username", "author_name", "author_image"
  ON "questions" FOR EACH ROW EXECUTE FUNCTION "questions_copy_author"();--> statement-breakpoint
CREATE FUNCTION "users_copy_to_questions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE questions SET author_username = NEW.username, author_name = NEW.name, author_image = NEW.profile_image_url
   WHERE author_id = NEW.id;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_question_authors" AFTER UPDATE OF "username", "name", "profile_image_url" ON "users" FOR EACH ROW
  WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."name" IS DISTINCT FROM NEW."name"
        OR OLD."profile_image_url" IS DISTINCT FROM NEW."profile_image_url")
  EXECUTE FUNCTION "users_copy_to_questions"();
