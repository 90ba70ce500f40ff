-- Live Q&A: merging duplicates (questions.merged_into_id, question_merges), anonymous
-- questions, carry-over and the answer-later list, the fair-queue settings, viewer samples for
-- host analytics, and the ledger's new action (unmerged) and role (author, an asker merging their own
-- question). No data changes: every new column has a default or is null.
CREATE TABLE "question_merges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"group_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"into_question_id" uuid NOT NULL,
	"merged_by_role" text NOT NULL,
	"merged_by_id" text,
	"pooled_user_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"merged_pinned_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"undone_at" timestamp with time zone,
	CONSTRAINT "question_merges_role_check" CHECK ("question_merges"."merged_by_role" in ('host', 'admin', 'author')),
	CONSTRAINT "question_merges_not_itself_check" CHECK ("question_merges"."question_id" <> "question_merges"."into_question_id")
);
--> statement-breakpoint
CREATE TABLE "session_viewer_samples" (
	"session_id" uuid NOT NULL,
	"sampled_at" timestamp with time zone NOT NULL,
	"viewers" integer NOT NULL,
	CONSTRAINT "session_viewer_samples_session_id_sampled_at_pk" PRIMARY KEY("session_id","sampled_at"),
	CONSTRAINT "session_viewer_samples_viewers_check" CHECK ("session_viewer_samples"."viewers" >= 0)
);
--> statement-breakpoint
ALTER TABLE "moderation_ledger" DROP CONSTRAINT "moderation_ledger_action_check";--> statement-breakpoint
ALTER TABLE "moderation_ledger" DROP CONSTRAINT "moderation_ledger_role_check";--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "anonymous_questions" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "open_question_cap" integer;--> statement-breakpoint
ALTER TABLE "groups" ADD COLUMN "fresh_order" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "merged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "is_anonymous" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "carried_from_session_id" uuid;--> statement-breakpoint
ALTER TABLE "questions" ADD COLUMN "answer_later_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "question_merges" ADD CONSTRAINT "question_merges_group_id_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_merges" ADD CONSTRAINT "question_merges_question_id_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_merges" ADD CONSTRAINT "question_merges_into_question_id_questions_id_fk" FOREIGN KEY ("into_question_id") REFERENCES "public"."questions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "question_merges" ADD CONSTRAINT "question_merges_merged_by_id_users_id_fk" FOREIGN KEY ("merged_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session_viewer_samples" ADD CONSTRAINT "session_viewer_samples_session_id_ama_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."ama_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "question_merges_question_idx" ON "question_merges" USING btree ("question_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "question_merges_into_idx" ON "question_merges" USING btree ("into_question_id");--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_merged_into_id_questions_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_carried_from_session_id_ama_sessions_id_fk" FOREIGN KEY ("carried_from_session_id") REFERENCES "public"."ama_sessions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "questions_merged_into_idx" ON "questions" USING btree ("merged_into_id") WHERE "questions"."merged_into_id" is not null;--> statement-breakpoint
CREATE INDEX "questions_group_answer_later_idx" ON "questions" USING btree ("group_id","answer_later_at") WHERE "questions"."answer_later_at" is not null;--> statement-breakpoint
ALTER TABLE "groups" ADD CONSTRAINT "groups_open_question_cap_check" CHECK ("groups"."open_question_cap" between 1 and 100);--> statement-breakpoint
ALTER TABLE "moderation_ledger" ADD CONSTRAINT "moderation_ledger_action_check" CHECK ("moderation_ledger"."action" in ('hidden', 'unhidden', 'approved', 'rejected', 'removed', 'edited', 'merged', 'unmerged', 'carried'));--> statement-breakpoint
ALTER TABLE "moderation_ledger" ADD CONSTRAINT "moderation_ledger_role_check" CHECK ("moderation_ledger"."role" in ('host', 'admin', 'author'));--> statement-breakpoint
ALTER TABLE "questions" ADD CONSTRAINT "questions_not_merged_into_itself_check" CHECK ("questions"."merged_into_id" is distinct from "questions"."id");