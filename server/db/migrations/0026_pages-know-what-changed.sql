-- What a group's cached pages show changed, and in which transaction (decision 034): a page read in a
-- snapshot is served again while no row of its group here is invisible to that snapshot.
CREATE TABLE "page_changes" (
	"group_id" uuid NOT NULL,
	"xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL,
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	CONSTRAINT "page_changes_group_id_xid_pk" PRIMARY KEY("group_id","xid")
);
--> statement-breakpoint
CREATE INDEX "answers_author_idx" ON "answers" USING btree ("author_id");--> statement-breakpoint
-- one row per group and transaction (a second statement of the same transaction adds nothing)
CREATE FUNCTION "page_changes_of_new_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (group_id) SELECT DISTINCT group_id FROM new_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "page_changes_of_old_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (group_id) SELECT DISTINCT group_id FROM old_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE FUNCTION "page_changes_of_updated_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (group_id)
    SELECT group_id FROM new_rows UNION SELECT group_id FROM old_rows ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "questions_page_changes_insert" AFTER INSERT ON "questions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_new_rows"();--> statement-breakpoint
CREATE TRIGGER "questions_page_changes_update" AFTER UPDATE ON "questions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_updated_rows"();--> statement-breakpoint
CREATE TRIGGER "questions_page_changes_delete" AFTER DELETE ON "questions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_old_rows"();--> statement-breakpoint
CREATE TRIGGER "answers_page_changes_insert" AFTER INSERT ON "answers" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_new_rows"();--> statement-breakpoint
CREATE TRIGGER "answers_page_changes_update" AFTER UPDATE ON "answers" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_updated_rows"();--> statement-breakpoint
CREATE TRIGGER "answers_page_changes_delete" AFTER DELETE ON "answers" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_old_rows"();--> statement-breakpoint
CREATE TRIGGER "likes_page_changes_insert" AFTER INSERT ON "likes" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_new_rows"();--> statement-breakpoint
CREATE TRIGGER "likes_page_changes_update" AFTER UPDATE ON "likes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_updated_rows"();--> statement-breakpoint
CREATE TRIGGER "likes_page_changes_delete" AFTER DELETE ON "likes" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_old_rows"();--> statement-breakpoint
-- a new host is shown on every question; a deleted group's questions are deleted (above)
CREATE FUNCTION "page_changes_of_group"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (group_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "groups_page_changes_owner" AFTER UPDATE OF "owner_id" ON "groups" FOR EACH ROW
  WHEN (OLD."owner_id" IS DISTINCT FROM NEW."owner_id") EXECUTE FUNCTION "page_changes_of_group"();--> statement-breakpoint
-- answers show their author's username, name and image (questions keep their own copy, whose
-- update is a change of the questions above)
CREATE FUNCTION "page_changes_of_answer_author"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (group_id) SELECT DISTINCT group_id FROM answers WHERE author_id = NEW.id ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_page_changes_answer_author" AFTER UPDATE OF "username", "name", "profile_image_url" ON "users" FOR EACH ROW
  WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."name" IS DISTINCT FROM NEW."name"
        OR OLD."profile_image_url" IS DISTINCT FROM NEW."profile_image_url")
  EXECUTE FUNCTION "page_changes_of_answer_author"();
