-- pg_trgm powers similar-question suggestions and typo-tolerant search.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- The data version of the product specification this schema implements.
INSERT INTO "app_meta" ("key", "value") VALUES ('data_version', '0.0.3')
  ON CONFLICT ("key") DO UPDATE SET "value" = excluded."value", "updated_at" = now();
--> statement-breakpoint
COMMENT ON TABLE "app_meta" IS 'Townhall metadata; data_version is the spec data version (0.0.3).';
