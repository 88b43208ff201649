CREATE SCHEMA IF NOT EXISTS "templates";
--> statement-breakpoint
CREATE TABLE "templates"."collection_templates" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"template" jsonb NOT NULL,
	"updated" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collection_templates_chain_address_pk" PRIMARY KEY("chain","address")
);
--> statement-breakpoint
CREATE TABLE "templates"."collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"name" text NOT NULL,
	"symbol" text NOT NULL,
	"owner_id" integer NOT NULL,
	"tx_hash" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "collections_chain_address_key" UNIQUE("chain","address")
);
--> statement-breakpoint
CREATE TABLE "templates"."nft_templates" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"owner_id" integer NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"edition_limit" integer DEFAULT 0 NOT NULL,
	"collection" text DEFAULT '' NOT NULL,
	"media_key" text,
	"media_size" bigint,
	"mime_type" text DEFAULT '' NOT NULL,
	"image_refresh" integer DEFAULT 0 NOT NULL,
	"utility_url" text DEFAULT '' NOT NULL,
	"utility_url_error" text DEFAULT '' NOT NULL,
	"mints" integer DEFAULT 0 NOT NULL,
	"chips" integer DEFAULT 0 NOT NULL,
	"links" integer DEFAULT 0 NOT NULL,
	"multi_mint_chip" boolean DEFAULT false NOT NULL,
	"multi_mint_link" boolean DEFAULT false NOT NULL,
	"price" numeric(48, 18),
	"payout_address" text DEFAULT '' NOT NULL,
	"woocomerce_item_id" text DEFAULT '' NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates"."processed_mints" (
	"mint_id" text PRIMARY KEY NOT NULL,
	"nft_id" integer NOT NULL,
	"processed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates"."token_templates" (
	"chain" text NOT NULL,
	"collection" text NOT NULL,
	"token_id" text NOT NULL,
	"nft_id" integer NOT NULL,
	"confirmed" boolean DEFAULT false NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "token_templates_chain_collection_token_id_pk" PRIMARY KEY("chain","collection","token_id")
);
--> statement-breakpoint
CREATE INDEX "collections_owner_idx" ON "templates"."collections" USING btree ("owner_id","chain");--> statement-breakpoint
CREATE INDEX "nft_templates_owner_idx" ON "templates"."nft_templates" USING btree ("owner_id","chain","deleted");