-- A notification about a question, post or session names it by its uuid, so the bell's reads may
-- cast target_id without testing it row by row (decision 031). Rows that break the rule could only
-- have been written by hand; the bell never showed nor counted them, so they go first.
DELETE FROM "notifications"
 WHERE "target_type" in ('question', 'post', 'session')
   AND "target_id" !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_target_uuid_check" CHECK ("notifications"."target_type" not in ('question', 'post', 'session') or "notifications"."target_id" ~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$');
