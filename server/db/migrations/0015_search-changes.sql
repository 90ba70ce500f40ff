-- Change counters of search (decision 022): a cached search answer is served only while the
-- counters of what it shows have not moved. Each is bumped once per statement that inserts,
-- deletes or changes a column that search finds, ranks or shows; nextval takes no lock that
-- lasts until commit, so writers never wait on one another here.
CREATE SEQUENCE "search_people_changes";--> statement-breakpoint
CREATE SEQUENCE "search_groups_changes";--> statement-breakpoint
CREATE SEQUENCE "search_content_changes";--> statement-breakpoint
CREATE FUNCTION "search_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM nextval(TG_ARGV[0]::regclass);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_search_changed_rows" AFTER INSERT OR DELETE OR TRUNCATE ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changed('search_people_changes');--> statement-breakpoint
CREATE TRIGGER "users_search_changed_columns"
  AFTER UPDATE OF "name", "username", "disabled_at", "followers", "profile_image_url", "quote" ON "users"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changed('search_people_changes');--> statement-breakpoint
CREATE TRIGGER "groups_search_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "groups"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changed('search_groups_changes');--> statement-breakpoint
CREATE TRIGGER "questions_search_changed_rows" AFTER INSERT OR DELETE OR TRUNCATE ON "questions"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changed('search_content_changes');--> statement-breakpoint
CREATE TRIGGER "questions_search_changed_columns"
  AFTER UPDATE OF "body", "status", "is_hidden", "like_count", "group_id", "author_id", "created_at" ON "questions"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changed('search_content_changes');--> statement-breakpoint
CREATE TRIGGER "posts_search_changed_rows" AFTER INSERT OR DELETE OR TRUNCATE ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changed('search_content_changes');--> statement-breakpoint
CREATE TRIGGER "posts_search_changed_columns"
  AFTER UPDATE OF "body", "like_count", "group_id", "author_id", "created_at" ON "posts"
  FOR EACH STATEMENT EXECUTE FUNCTION search_changed('search_content_changes');
