CREATE TABLE "calendar_feed_tokens" (
	"user_id" text PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "calendar_feed_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "cancelled_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"title" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"calendar_sequence" integer NOT NULL,
	"cancelled_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_weekday" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_hour" integer DEFAULT 8 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "digest_time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "ama_sessions" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ama_sessions" ADD COLUMN "calendar_changed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "calendar_feed_tokens" ADD CONSTRAINT "calendar_feed_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cancelled_sessions_group_idx" ON "cancelled_sessions" USING btree ("group_id","cancelled_at");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_digest_weekday_check" CHECK ("users"."digest_weekday" between 0 and 6);--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_digest_hour_check" CHECK ("users"."digest_hour" between 0 and 23);--> statement-breakpoint
UPDATE "ama_sessions" SET "calendar_changed_at" = "updated_at";--> statement-breakpoint
CREATE FUNCTION "ama_sessions_calendar_sequence"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- what a calendar event shows changed: calendar apps replace the event with a higher SEQUENCE
  IF NEW.title IS DISTINCT FROM OLD.title
    OR NEW.description IS DISTINCT FROM OLD.description
    OR NEW.starts_at IS DISTINCT FROM OLD.starts_at
    OR NEW.duration_minutes IS DISTINCT FROM OLD.duration_minutes THEN
    NEW.calendar_sequence := OLD.calendar_sequence + 1;
    NEW.calendar_changed_at := now();
  ELSE
    NEW.calendar_sequence := OLD.calendar_sequence;
    NEW.calendar_changed_at := OLD.calendar_changed_at;
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ama_sessions_calendar_sequence" BEFORE UPDATE ON "ama_sessions"
  FOR EACH ROW EXECUTE FUNCTION "ama_sessions_calendar_sequence"();--> statement-breakpoint
CREATE FUNCTION "ama_sessions_cancelled"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- a session deleted with its group leaves nothing: no feed reads a group that is gone
  IF EXISTS (SELECT 1 FROM "groups" WHERE "id" = OLD.group_id) THEN
    INSERT INTO "cancelled_sessions" ("id", "group_id", "title", "starts_at", "duration_minutes", "calendar_sequence")
    VALUES (OLD.id, OLD.group_id, OLD.title, OLD.starts_at, OLD.duration_minutes, OLD.calendar_sequence + 1)
    ON CONFLICT ("id") DO NOTHING;
  END IF;
  RETURN OLD;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "ama_sessions_cancelled" AFTER DELETE ON "ama_sessions"
  FOR EACH ROW EXECUTE FUNCTION "ama_sessions_cancelled"();
