-- A group's pages come in two scopes (decision 034): the question queue and its comments (the
-- scope is the group's id), and the posts and their comments (page_scope(group, 'posts'), a uuid
-- made from the group's id). A vote no longer makes the posts' pages read again, nor a post the
-- queue's. Rows of page_changes name a scope; `group_id` keeps its name.
CREATE FUNCTION "page_scope"(group_id uuid, kind text) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN kind = 'posts' THEN md5(group_id::text || ':posts')::uuid ELSE group_id END
$$;--> statement-breakpoint
-- the scopes of a like's, or a comment's, kind of target or parent ('both' when a kind does not say)
CREATE FUNCTION "page_scopes"(group_id uuid, kind text) RETURNS SETOF uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT page_scope(group_id, 'posts') WHERE kind IN ('post', 'posts', 'comment', 'both')
  UNION ALL
  SELECT group_id WHERE kind IN ('question', 'answer', 'queue', 'comment', 'both')
$$;--> statement-breakpoint
CREATE FUNCTION "page_changes_of_posts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO page_changes (group_id) SELECT DISTINCT page_scope(group_id, 'posts') FROM new_rows ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO page_changes (group_id) SELECT DISTINCT page_scope(group_id, 'posts') FROM old_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "page_changes_of_comments"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO page_changes (group_id)
      SELECT DISTINCT page_scope(group_id, CASE WHEN parent_type = 'post' THEN 'posts' ELSE 'queue' END) FROM new_rows
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO page_changes (group_id)
      SELECT DISTINCT page_scope(group_id, CASE WHEN parent_type = 'post' THEN 'posts' ELSE 'queue' END) FROM old_rows
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- a comment's like does not say whether the comment is a post's or a question's: both
CREATE FUNCTION "page_changes_of_likes"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO page_changes (group_id)
      SELECT DISTINCT s FROM new_rows, page_scopes(group_id, target_type) AS s ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO page_changes (group_id)
      SELECT DISTINCT s FROM old_rows, page_scopes(group_id, target_type) AS s ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER "posts_page_changes_insert" ON "posts";--> statement-breakpoint
DROP TRIGGER "posts_page_changes_update" ON "posts";--> statement-breakpoint
DROP TRIGGER "posts_page_changes_delete" ON "posts";--> statement-breakpoint
DROP TRIGGER "comments_page_changes_insert" ON "comments";--> statement-breakpoint
DROP TRIGGER "comments_page_changes_update" ON "comments";--> statement-breakpoint
DROP TRIGGER "comments_page_changes_delete" ON "comments";--> statement-breakpoint
DROP TRIGGER "likes_page_changes_insert" ON "likes";--> statement-breakpoint
DROP TRIGGER "likes_page_changes_update" ON "likes";--> statement-breakpoint
DROP TRIGGER "likes_page_changes_delete" ON "likes";--> statement-breakpoint
CREATE TRIGGER "posts_page_changes_insert" AFTER INSERT ON "posts" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_posts"();--> statement-breakpoint
CREATE TRIGGER "posts_page_changes_update" AFTER UPDATE ON "posts" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_posts"();--> statement-breakpoint
CREATE TRIGGER "posts_page_changes_delete" AFTER DELETE ON "posts" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_posts"();--> statement-breakpoint
CREATE TRIGGER "comments_page_changes_insert" AFTER INSERT ON "comments" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_comments"();--> statement-breakpoint
CREATE TRIGGER "comments_page_changes_update" AFTER UPDATE ON "comments" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_comments"();--> statement-breakpoint
CREATE TRIGGER "comments_page_changes_delete" AFTER DELETE ON "comments" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_comments"();--> statement-breakpoint
CREATE TRIGGER "likes_page_changes_insert" AFTER INSERT ON "likes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_likes"();--> statement-breakpoint
CREATE TRIGGER "likes_page_changes_update" AFTER UPDATE ON "likes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_likes"();--> statement-breakpoint
CREATE TRIGGER "likes_page_changes_delete" AFTER DELETE ON "likes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_likes"();--> statement-breakpoint
-- a new host: both scopes
CREATE OR REPLACE FUNCTION "page_changes_of_group"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (group_id) SELECT page_scopes(NEW.id, 'both') ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- a renamed author: the scopes of what they wrote
CREATE OR REPLACE FUNCTION "page_changes_of_answer_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (group_id)
    SELECT group_id FROM answers WHERE author_id = NEW.id
    UNION SELECT page_scope(group_id, 'posts') FROM posts WHERE author_id = NEW.id
    UNION SELECT page_scope(group_id, CASE WHEN parent_type = 'post' THEN 'posts' ELSE 'queue' END)
            FROM comments WHERE author_id = NEW.id
    ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
