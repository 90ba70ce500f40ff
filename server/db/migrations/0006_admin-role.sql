ALTER TABLE "users" ADD COLUMN "role" text DEFAULT 'user' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_role_check" CHECK ("users"."role" in ('user', 'admin'));--> statement-breakpoint
-- The first account becomes the administrator, decided inside the insert: the advisory lock
-- makes two simultaneous first sign-ups take turns, so exactly one of them is admin.
CREATE FUNCTION "users_first_admin"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM "users" WHERE "role" = 'admin') THEN
    PERFORM pg_advisory_xact_lock(hashtext('townhall:first-admin'));
    IF NOT EXISTS (SELECT 1 FROM "users" WHERE "role" = 'admin') THEN
      NEW."role" := 'admin';
    END IF;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "users_first_admin" BEFORE INSERT ON "users" FOR EACH ROW EXECUTE FUNCTION "users_first_admin"();--> statement-breakpoint
-- Installations that already have accounts: the oldest one is the administrator.
UPDATE "users" SET "role" = 'admin' WHERE "id" = (SELECT "id" FROM "users" ORDER BY "created_at", "id" LIMIT 1) AND NOT EXISTS (SELECT 1 FROM "users" WHERE "role" = 'admin');
