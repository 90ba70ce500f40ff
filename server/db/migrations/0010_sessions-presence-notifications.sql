CREATE TABLE "ama_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"host_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"duration_minutes" integer NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"started_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ama_sessions_status_check" CHECK ("ama_sessions"."status" in ('scheduled', 'live', 'ended')),
	CONSTRAINT "ama_sessions_duration_check" CHECK ("ama_sessions"."duration_minutes" between 5 and 1440)
);
--> statement-breakpoint
CREATE TABLE "live_presence" (
	"topic" text NOT NULL,
	"connection_id" text NOT NULL,
	"user_id" text,
	"status" text DEFAULT 'online' NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "live_presence_topic_connection_id_pk" PRIMARY KEY("topic","connection_id"),
	CONSTRAINT "live_presence_status_check" CHECK ("live_presence"."status" in ('online', 'away'))
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"group_id" uuid,
	"target_type" text,
	"target_id" text,
	"excerpt" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "ama_sessions" ADD CONSTRAINT "ama_sessions_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ama_sessions" ADD CONSTRAINT "ama_sessions_host_id_users_id_fk" FOREIGN KEY ("host_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "live_presence" ADD CONSTRAINT "live_presence_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ama_sessions_starts_idx" ON "ama_sessions" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "ama_sessions_group_starts_idx" ON "ama_sessions" USING btree ("group_id","starts_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "ama_sessions_status_idx" ON "ama_sessions" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "live_presence_topic_seen_idx" ON "live_presence" USING btree ("topic","last_seen_at");--> statement-breakpoint
CREATE INDEX "notifications_user_created_idx" ON "notifications" USING btree ("user_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "notifications_user_unread_idx" ON "notifications" USING btree ("user_id") WHERE "notifications"."read_at" is null;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_session_id_ama_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ama_sessions"("id") ON DELETE set null ON UPDATE no action;