-- The feed tries the newest posts and answers of the whole site first (at most FEED_WINDOW of
-- each, server/features/discovery/list-feed.ts), keeping those of the viewer's groups: for
-- someone who follows busy groups that is a page found in a hundred index entries, instead of a
-- walk of every group's newest. Both indexes carry the group, so the try reads no table.
CREATE INDEX "answers_visible_created_group_idx" ON "answers" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"group_id") WHERE not "answers"."question_hidden";--> statement-breakpoint
CREATE INDEX "posts_created_group_idx" ON "posts" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST,"group_id");