-- Search (issue #20) needs pg_trgm. Both services' migrations may run at once on one database:
-- a concurrent CREATE EXTENSION fails with a duplicate; the other one made it, which is enough.
-- In public: both services find it there (search_path = own schema, public).
DO $$ BEGIN CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public; EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL; END $$;--> statement-breakpoint
CREATE TABLE "chiplinks"."refused_taps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chiplink_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chiplinks"."scans" ADD COLUMN "lat" real;--> statement-breakpoint
ALTER TABLE "chiplinks"."scans" ADD COLUMN "lon" real;--> statement-breakpoint
CREATE INDEX "refused_taps_chiplink_idx" ON "chiplinks"."refused_taps" USING btree ("chiplink_id","at");--> statement-breakpoint
CREATE INDEX "chiplinks_token_to_mint_idx" ON "chiplinks"."chiplinks" USING btree ("token_to_mint");--> statement-breakpoint
CREATE INDEX "public_names_name_trgm_idx" ON "chiplinks"."public_names" USING gin ("name" gin_trgm_ops);