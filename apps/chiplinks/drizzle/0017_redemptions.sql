CREATE TABLE "chiplinks"."redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"chain" text NOT NULL,
	"collection" text NOT NULL,
	"token_id" text NOT NULL,
	"nft_id" integer NOT NULL,
	"chiplink_id" text NOT NULL,
	"holder" text NOT NULL,
	"burned" boolean NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"tx_hash" text NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	"emailed_at" timestamp with time zone,
	"webhook_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "redemptions_token_uq" ON "chiplinks"."redemptions" USING btree ("chain","collection","token_id");--> statement-breakpoint
CREATE INDEX "redemptions_nft_idx" ON "chiplinks"."redemptions" USING btree ("nft_id","redeemed_at");