-- My subscriptions counts each group's visible questions since the viewer's last visit (up to 100).
-- questions_group_created_idx found them in order, but whether each is visible (status and
-- is_hidden) was read from the table: a heap block for nearly every question counted, two thirds of
-- the statement's buffers. The same index with those two columns included answers the count from
-- the index alone. Both columns already decide partial indexes, so changing them never was a HOT
-- update: no write gets an index update it did not have. The Drizzle schema cannot say INCLUDE;
-- it keeps the index's key columns, and this migration is where the rest is written.
DROP INDEX IF EXISTS "questions_group_created_idx";--> statement-breakpoint
CREATE INDEX "questions_group_created_idx" ON "questions" USING btree ("group_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST) INCLUDE ("status","is_hidden");
