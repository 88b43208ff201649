CREATE SCHEMA IF NOT EXISTS "chiplinks";
--> statement-breakpoint
CREATE TABLE "chiplinks"."chiplinks" (
	"id" text PRIMARY KEY NOT NULL,
	"seq" bigserial NOT NULL,
	"type" text NOT NULL,
	"nft_id" integer NOT NULL,
	"uid" text NOT NULL,
	"scans" integer DEFAULT 0 NOT NULL,
	"mints" integer DEFAULT 0 NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"token_to_mint" text NOT NULL,
	"token_minted" boolean DEFAULT false NOT NULL,
	"voucher_until" timestamp with time zone,
	"locked" boolean DEFAULT false NOT NULL,
	"last_counter" integer DEFAULT -1 NOT NULL,
	"key_source" smallint DEFAULT 0 NOT NULL,
	"keys_sealed" text,
	"lock_signed_at" bigint,
	CONSTRAINT "chiplinks_seq_unique" UNIQUE("seq")
);
--> statement-breakpoint
CREATE TABLE "chiplinks"."scans" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chiplink_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"city" text,
	"radius" integer,
	"country" text
);
--> statement-breakpoint
CREATE INDEX "chiplinks_nft_idx" ON "chiplinks"."chiplinks" USING btree ("nft_id","type","deleted","seq");--> statement-breakpoint
CREATE UNIQUE INDEX "chiplinks_chip_uid_uq" ON "chiplinks"."chiplinks" USING btree ("uid") WHERE "chiplinks"."chiplinks"."type" = 'chip' AND NOT "chiplinks"."chiplinks"."deleted";--> statement-breakpoint
CREATE INDEX "chiplinks_link_uid_idx" ON "chiplinks"."chiplinks" USING btree ("uid") WHERE "chiplinks"."chiplinks"."type" = 'link';--> statement-breakpoint
CREATE INDEX "scans_chiplink_idx" ON "chiplinks"."scans" USING btree ("chiplink_id","at");