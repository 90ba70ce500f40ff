-- A group's posts and comments are pages served again too (decision 034): their writes, and a rename of
-- their authors, are changes of the group's pages.
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("author_id");--> statement-breakpoint
CREATE TRIGGER "posts_page_changes_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_new_rows"();--> statement-breakpoint
CREATE TRIGGER "posts_page_changes_update" AFTER UPDATE ON "posts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_updated_rows"();--> statement-breakpoint
CREATE TRIGGER "posts_page_changes_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_old_rows"();--> statement-breakpoint
CREATE TRIGGER "comments_page_changes_insert" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_new_rows"();--> statement-breakpoint
CREATE TRIGGER "comments_page_changes_update" AFTER UPDATE ON "comments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_updated_rows"();--> statement-breakpoint
CREATE TRIGGER "comments_page_changes_delete" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_old_rows"();--> statement-breakpoint
-- answers, posts and comments show their author's username, name and image (questions keep their
-- own copy, whose update is a change of the questions)
CREATE OR REPLACE FUNCTION "page_changes_of_answer_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (group_id)
    SELECT group_id FROM answers WHERE author_id = NEW.id
    UNION SELECT group_id FROM posts WHERE author_id = NEW.id
    UNION SELECT group_id FROM comments WHERE author_id = NEW.id
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
