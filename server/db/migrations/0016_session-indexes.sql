DROP INDEX "ama_sessions_status_idx";--> statement-breakpoint
CREATE INDEX "questions_session_idx" ON "questions" USING btree ("session_id") WHERE "questions"."session_id" is not null;--> statement-breakpoint
CREATE INDEX "ama_sessions_status_idx" ON "ama_sessions" USING btree ("status","starts_at","id");