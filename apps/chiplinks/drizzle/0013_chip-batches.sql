CREATE TABLE "chiplinks"."chip_batch_keys" (
	"batch_id" text NOT NULL,
	"version" integer NOT NULL,
	"master_sealed" text,
	"meta_sealed" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "chip_batch_keys_batch_id_version_pk" PRIMARY KEY("batch_id","version")
);
--> statement-breakpoint
CREATE TABLE "chiplinks"."chip_batches" (
	"id" text PRIMARY KEY NOT NULL,
	"nft_id" integer NOT NULL,
	"name" text NOT NULL,
	"scheme" text NOT NULL,
	"mode" text DEFAULT 'any' NOT NULL,
	"url_template" text,
	"mac_input_from" text DEFAULT 'MAC' NOT NULL,
	"enc_length" integer,
	"tag_tamper" boolean DEFAULT false NOT NULL,
	"key_version" integer DEFAULT 1 NOT NULL,
	"counter_jump" integer,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chiplinks"."chiplinks" ADD COLUMN "batch_id" text;--> statement-breakpoint
ALTER TABLE "chiplinks"."chiplinks" ADD COLUMN "key_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "chiplinks"."chiplinks" ADD COLUMN "keys_next_sealed" text;--> statement-breakpoint
ALTER TABLE "chiplinks"."scans" ADD COLUMN "tamper" text;--> statement-breakpoint
ALTER TABLE "chiplinks"."scans" ADD COLUMN "counter_jump" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "chip_batches_nft_idx" ON "chiplinks"."chip_batches" USING btree ("nft_id");--> statement-breakpoint
CREATE INDEX "chiplinks_batch_idx" ON "chiplinks"."chiplinks" USING btree ("batch_id","seq");--> statement-breakpoint
-- existing chips form their template's default batch (issue #26): keys as before (CHIP_MASTER_KEY or sealed per chip)
INSERT INTO "chiplinks"."chip_batches" ("id", "nft_id", "name", "scheme")
  SELECT 'default-' || "nft_id", "nft_id", 'Default batch', 'default' FROM "chiplinks"."chiplinks"
  WHERE "type" = 'chip' GROUP BY "nft_id" ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "chiplinks"."chiplinks" SET "batch_id" = 'default-' || "nft_id" WHERE "type" = 'chip' AND "batch_id" IS NULL;
