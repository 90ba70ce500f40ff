-- A post carries its newest likers as the API shows them (decision 032), so a page of posts reads
-- them from its own rows instead of looking up each post's likes and each liker (40–100 index
-- probes a page, three quarters of the page's work in PostgreSQL). The database keeps the column,
-- whatever writes: statement triggers on likes refresh the posts whose likes changed, and a
-- trigger on people refreshes the posts that show them when their name, username or image changes.
-- A refresh locks its posts first (FOR NO KEY UPDATE, in id order, as the like's own counter update
-- does) and then reads the likes in a statement of its own, so it sees every like committed before
-- the lock was granted: the last refresh of a post always sees all its likes.
ALTER TABLE "posts" ADD COLUMN "recent_likers" json DEFAULT '[]'::json NOT NULL;--> statement-breakpoint
-- CONTENT_LIMITS.likedByPreview (shared/constants/limits.ts) is the 3 below.
CREATE FUNCTION "posts_recent_likers"(post_id uuid) RETURNS json LANGUAGE sql STABLE AS $$
  SELECT coalesce(json_agg(json_build_object('id', u.id, 'username', u.username, 'name', u.name,
                                             'profileImageURL', u.profile_image_url)
                           ORDER BY recent.created_at DESC, recent.user_id DESC), '[]'::json)
    FROM (SELECT l.user_id, l.created_at FROM likes l
           WHERE l.target_type = 'post' AND l.target_id = post_id::text
           ORDER BY l.created_at DESC, l.user_id DESC
           LIMIT 3) AS recent
    JOIN users u ON u.id = recent.user_id
$$;--> statement-breakpoint
CREATE FUNCTION "posts_refresh_recent_likers"(post_ids uuid[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF cardinality(post_ids) = 0 THEN RETURN; END IF; -- a vote on a question, an answer or a comment
  PERFORM 1 FROM posts WHERE id = ANY(post_ids) ORDER BY id FOR NO KEY UPDATE;
  UPDATE posts SET recent_likers = posts_recent_likers(id) WHERE id = ANY(post_ids);
END
$$;--> statement-breakpoint
-- One function for both triggers: each names its transition table "changed" (the likes added, or
-- the likes removed).
CREATE FUNCTION "likes_refresh_posts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM posts_refresh_recent_likers(ARRAY(SELECT DISTINCT target_id::uuid FROM changed WHERE target_type = 'post'));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "likes_added_recent_likers" AFTER INSERT ON "likes"
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION likes_refresh_posts();--> statement-breakpoint
CREATE TRIGGER "likes_removed_recent_likers" AFTER DELETE ON "likes"
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION likes_refresh_posts();--> statement-breakpoint
CREATE FUNCTION "users_refresh_liked_posts"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM posts_refresh_recent_likers(ARRAY(
    SELECT p.id FROM likes l JOIN posts p ON p.id = l.target_id::uuid
     WHERE l.user_id = NEW.id AND l.target_type = 'post' AND strpos(p.recent_likers::text, to_json(NEW.id)::text) > 0));
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_recent_likers" AFTER UPDATE OF "username", "name", "profile_image_url" ON "users"
  FOR EACH ROW WHEN (OLD.username IS DISTINCT FROM NEW.username OR OLD.name IS DISTINCT FROM NEW.name
                     OR OLD.profile_image_url IS DISTINCT FROM NEW.profile_image_url)
  EXECUTE FUNCTION users_refresh_liked_posts();--> statement-breakpoint
UPDATE "posts" SET "recent_likers" = posts_recent_likers("id")
 WHERE EXISTS (SELECT 1 FROM "likes" WHERE "target_type" = 'post' AND "target_id" = "posts"."id"::text);
