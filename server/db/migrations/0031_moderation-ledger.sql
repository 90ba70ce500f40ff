-- The public moderation ledger of the question queue: append-only, see the trigger below.
CREATE TABLE "moderation_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"group_id" uuid NOT NULL,
	"session_id" uuid,
	"question_id" uuid NOT NULL,
	"action" text NOT NULL,
	"reason" text,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "moderation_ledger_action_check" CHECK ("moderation_ledger"."action" in ('hidden', 'unhidden', 'approved', 'rejected', 'removed', 'edited', 'merged', 'carried')),
	CONSTRAINT "moderation_ledger_role_check" CHECK ("moderation_ledger"."role" in ('host', 'admin')),
	CONSTRAINT "moderation_ledger_reason_check" CHECK (("moderation_ledger"."action" = 'hidden') = ("moderation_ledger"."reason" is not null) and ("moderation_ledger"."reason" is null or "moderation_ledger"."reason" in ('off_topic', 'duplicate', 'abusive', 'spam', 'personal_information', 'answered_elsewhere', 'other')))
);
--> statement-breakpoint
ALTER TABLE "moderation_ledger" ADD CONSTRAINT "moderation_ledger_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_ledger" ADD CONSTRAINT "moderation_ledger_session_id_ama_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ama_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "moderation_ledger_group_created_idx" ON "moderation_ledger" USING btree ("group_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "moderation_ledger_session_created_idx" ON "moderation_ledger" USING btree ("session_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) WHERE "moderation_ledger"."session_id" is not null;--> statement-breakpoint
-- Append-only: no UPDATE or DELETE while the entry's group exists. The group's deletion takes its
-- entries with it (the cascade runs after the group row is gone), and a session's deletion sets
-- their session_id to null (after the session row is gone) and changes nothing else.
CREATE FUNCTION "moderation_ledger_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM groups WHERE id = OLD.group_id) THEN
    IF TG_OP = 'DELETE' THEN RETURN OLD; END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.session_id IS NOT NULL AND NEW.session_id IS NULL
    AND (NEW.id, NEW.group_id, NEW.question_id, NEW.action, NEW.reason, NEW.role, NEW.created_at)
      IS NOT DISTINCT FROM (OLD.id, OLD.group_id, OLD.question_id, OLD.action, OLD.reason, OLD.role, OLD.created_at)
    AND NOT EXISTS (SELECT 1 FROM ama_sessions WHERE id = OLD.session_id) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'moderation_ledger entries cannot be changed or deleted' USING ERRCODE = 'raise_exception';
END
$$;--> statement-breakpoint
CREATE TRIGGER "moderation_ledger_append_only" BEFORE UPDATE OR DELETE ON "moderation_ledger"
  FOR EACH ROW EXECUTE FUNCTION "moderation_ledger_append_only"();
