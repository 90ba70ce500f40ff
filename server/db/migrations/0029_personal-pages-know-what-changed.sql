-- The pages of a person and the site's session lists are kept too (decision 035). Three more kinds of
-- scope: a group's row, sessions, subscriptions and members (page_scope(group, 'group')), a person
-- (person_scope(user): their username, name and image, and what they keep up with: subscriptions,
-- memberships, follows, the groups they host, their notifications), and every session of the site
-- (sessions_scope()).
CREATE OR REPLACE FUNCTION "page_scope"(group_id uuid, kind text) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN kind = 'posts' THEN md5(group_id::text || ':posts')::uuid
              WHEN kind = 'group' THEN md5(group_id::text || ':group')::uuid
              ELSE group_id END
$$;--> statement-breakpoint
CREATE FUNCTION "person_scope"(user_id text) RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT md5('person:' || user_id)::uuid
$$;--> statement-breakpoint
CREATE FUNCTION "sessions_scope"() RETURNS uuid LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT md5('sessions')::uuid
$$;--> statement-breakpoint
-- subscriptions and memberships: the person they are of, and the group (its host's dashboard)
CREATE FUNCTION "page_changes_of_memberships"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO page_changes (group_id)
      SELECT DISTINCT s FROM new_rows, LATERAL (VALUES (person_scope(user_id)), (page_scope(group_id, 'group'))) AS v(s)
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO page_changes (group_id)
      SELECT DISTINCT s FROM old_rows, LATERAL (VALUES (person_scope(user_id)), (page_scope(group_id, 'group'))) AS v(s)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- notifications: the person they are of
CREATE FUNCTION "page_changes_of_people_rows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO page_changes (group_id) SELECT DISTINCT person_scope(user_id) FROM new_rows ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO page_changes (group_id) SELECT DISTINCT person_scope(user_id) FROM old_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- a follow: the follower's feed
CREATE FUNCTION "page_changes_of_follows"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO page_changes (group_id) SELECT DISTINCT person_scope(follower_id) FROM new_rows ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO page_changes (group_id) SELECT DISTINCT person_scope(follower_id) FROM old_rows ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- a group's row (its name, image, activity, host…): its 'group' scope; a new, deleted or handed-over
-- group: its host's, old and new (a deleted group's cascades write the scopes of its subscribers,
-- posts and sessions as well)
CREATE FUNCTION "page_changes_of_groups"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO page_changes (group_id)
      SELECT page_scope(id, 'group') FROM new_rows UNION SELECT person_scope(owner_id) FROM new_rows
      ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO page_changes (group_id)
      SELECT page_scope(id, 'group') FROM old_rows UNION SELECT person_scope(owner_id) FROM old_rows
      ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO page_changes (group_id)
      SELECT page_scope(id, 'group') FROM new_rows
      UNION SELECT person_scope(o.owner_id) FROM old_rows AS o JOIN new_rows AS n USING (id) WHERE o.owner_id IS DISTINCT FROM n.owner_id
      UNION SELECT person_scope(n.owner_id) FROM old_rows AS o JOIN new_rows AS n USING (id) WHERE o.owner_id IS DISTINCT FROM n.owner_id
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- a session: the site's sessions, and its group's 'group' scope
CREATE FUNCTION "page_changes_of_sessions"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO page_changes (group_id)
      SELECT DISTINCT s FROM new_rows, LATERAL (VALUES (sessions_scope()), (page_scope(group_id, 'group'))) AS v(s)
      ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO page_changes (group_id)
      SELECT DISTINCT s FROM old_rows, LATERAL (VALUES (sessions_scope()), (page_scope(group_id, 'group'))) AS v(s)
      ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
-- a person's username, name or image, or the person gone
CREATE FUNCTION "page_changes_of_person"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO page_changes (group_id) VALUES (person_scope(OLD.id)) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_page_changes_person" AFTER UPDATE OF "username", "name", "profile_image_url" ON "users" FOR EACH ROW
  WHEN (OLD."username" IS DISTINCT FROM NEW."username" OR OLD."name" IS DISTINCT FROM NEW."name"
        OR OLD."profile_image_url" IS DISTINCT FROM NEW."profile_image_url")
  EXECUTE FUNCTION "page_changes_of_person"();--> statement-breakpoint
CREATE TRIGGER "users_page_changes_person_delete" AFTER DELETE ON "users" FOR EACH ROW
  EXECUTE FUNCTION "page_changes_of_person"();--> statement-breakpoint
CREATE TRIGGER "group_subscriptions_page_changes_insert" AFTER INSERT ON "group_subscriptions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_memberships"();--> statement-breakpoint
CREATE TRIGGER "group_subscriptions_page_changes_update" AFTER UPDATE ON "group_subscriptions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_memberships"();--> statement-breakpoint
CREATE TRIGGER "group_subscriptions_page_changes_delete" AFTER DELETE ON "group_subscriptions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_memberships"();--> statement-breakpoint
CREATE TRIGGER "group_members_page_changes_insert" AFTER INSERT ON "group_members" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_memberships"();--> statement-breakpoint
CREATE TRIGGER "group_members_page_changes_update" AFTER UPDATE ON "group_members" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_memberships"();--> statement-breakpoint
CREATE TRIGGER "group_members_page_changes_delete" AFTER DELETE ON "group_members" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_memberships"();--> statement-breakpoint
CREATE TRIGGER "notifications_page_changes_insert" AFTER INSERT ON "notifications" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_people_rows"();--> statement-breakpoint
CREATE TRIGGER "notifications_page_changes_update" AFTER UPDATE ON "notifications" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_people_rows"();--> statement-breakpoint
CREATE TRIGGER "notifications_page_changes_delete" AFTER DELETE ON "notifications" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_people_rows"();--> statement-breakpoint
CREATE TRIGGER "follows_page_changes_insert" AFTER INSERT ON "follows" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_follows"();--> statement-breakpoint
CREATE TRIGGER "follows_page_changes_update" AFTER UPDATE ON "follows" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_follows"();--> statement-breakpoint
CREATE TRIGGER "follows_page_changes_delete" AFTER DELETE ON "follows" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_follows"();--> statement-breakpoint
CREATE TRIGGER "groups_page_changes_insert" AFTER INSERT ON "groups" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_groups"();--> statement-breakpoint
CREATE TRIGGER "groups_page_changes_update" AFTER UPDATE ON "groups" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_groups"();--> statement-breakpoint
CREATE TRIGGER "groups_page_changes_delete" AFTER DELETE ON "groups" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_groups"();--> statement-breakpoint
CREATE TRIGGER "ama_sessions_page_changes_insert" AFTER INSERT ON "ama_sessions" REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_sessions"();--> statement-breakpoint
CREATE TRIGGER "ama_sessions_page_changes_update" AFTER UPDATE ON "ama_sessions" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_sessions"();--> statement-breakpoint
CREATE TRIGGER "ama_sessions_page_changes_delete" AFTER DELETE ON "ama_sessions" REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION "page_changes_of_sessions"();
