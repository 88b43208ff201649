CREATE TABLE "chiplinks"."nfc_nft_history" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"seq" integer DEFAULT 0 NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"tx_hash" text
);
--> statement-breakpoint
CREATE TABLE "chiplinks"."nfc_nfts" (
	"id" serial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"nfc_id" text DEFAULT '' NOT NULL,
	"chain" text DEFAULT '' NOT NULL,
	"smart_contract" text DEFAULT '' NOT NULL,
	"relayer" text DEFAULT '' NOT NULL,
	"nft_id" text DEFAULT '' NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"pending_transaction_data" text DEFAULT '' NOT NULL,
	"pending_transaction_value" text DEFAULT '' NOT NULL,
	"redirect_url" text DEFAULT '' NOT NULL,
	"pending_seq" integer DEFAULT 0 NOT NULL,
	"pending_claimed_at" timestamp with time zone,
	"pending_tx_hash" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "nfc_nft_history_record_idx" ON "chiplinks"."nfc_nft_history" USING btree ("record_id","id");--> statement-breakpoint
CREATE INDEX "nfc_nfts_owner_idx" ON "chiplinks"."nfc_nfts" USING btree ("owner_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "nfc_nfts_nfc_id_uq" ON "chiplinks"."nfc_nfts" USING btree ("nfc_id") WHERE "chiplinks"."nfc_nfts"."nfc_id" <> '';