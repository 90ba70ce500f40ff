CREATE INDEX "users_name_trgm_idx" ON "users" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_username_trgm_idx" ON "users" USING gin (lower("username") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_name_prefix_idx" ON "users" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "users_username_prefix_idx" ON "users" USING btree (lower("username") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "groups_search_fts_idx" ON "groups" USING gin (to_tsvector('simple', "name" || ' ' || "description"));--> statement-breakpoint
CREATE INDEX "groups_name_trgm_idx" ON "groups" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "groups_name_prefix_idx" ON "groups" USING btree (lower("name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "groups_slug_prefix_idx" ON "groups" USING btree (lower("slug") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "posts_body_fts_idx" ON "posts" USING gin (to_tsvector('simple', "body"));--> statement-breakpoint
CREATE INDEX "posts_body_trgm_idx" ON "posts" USING gin ("body" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "questions_body_fts_idx" ON "questions" USING gin (to_tsvector('simple', "body"));