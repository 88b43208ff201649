ALTER TABLE "templates"."ledger_mints" ADD COLUMN "to_address" text;--> statement-breakpoint
ALTER TABLE "templates"."ledger_mints" ADD COLUMN "block_number" bigint;--> statement-breakpoint
ALTER TABLE "templates"."ledger_mints" ADD COLUMN "block_time" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "templates"."nft_templates" ADD COLUMN "child_limit" integer;--> statement-breakpoint
ALTER TABLE "templates"."nft_templates" ADD COLUMN "children" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "templates"."token_templates" ADD COLUMN "source" text;--> statement-breakpoint
CREATE INDEX "token_templates_nft_idx" ON "templates"."token_templates" USING btree ("nft_id");