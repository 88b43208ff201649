-- Search (issue #20) needs pg_trgm. Both services' migrations may run at once on one database:
-- a concurrent CREATE EXTENSION fails with a duplicate; the other one made it, which is enough.
-- In public: both services find it there (search_path = own schema, public).
DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public; EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL; END $$;--> statement-breakpoint
CREATE INDEX "collections_name_trgm_idx" ON "templates"."collections" USING gin ("name" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "collections_tx_hash_idx" ON "templates"."collections" USING btree ("tx_hash");--> statement-breakpoint
CREATE INDEX "nft_templates_fts_idx" ON "templates"."nft_templates" USING gin (to_tsvector('simple', "title" || ' ' || "description"));--> statement-breakpoint
CREATE INDEX "nft_templates_title_trgm_idx" ON "templates"."nft_templates" USING gin ("title" gin_trgm_ops);