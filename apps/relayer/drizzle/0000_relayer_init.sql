CREATE SCHEMA IF NOT EXISTS "relayer";
--> statement-breakpoint
CREATE TABLE "relayer"."mints" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"nft_id" text NOT NULL,
	"chiplink_id" text,
	"chain" text NOT NULL,
	"chain_id" integer NOT NULL,
	"collection" text NOT NULL,
	"token_id" numeric(78, 0) NOT NULL,
	"to_address" text NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"tx_key" text,
	"request_key" text,
	"tx_hash" text,
	"block_number" bigint,
	"confirmed_by" text,
	"error" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	"confirmed_at" timestamp with time zone,
	CONSTRAINT "mints_request_key_unique" UNIQUE("request_key")
);
--> statement-breakpoint
CREATE TABLE "relayer"."outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"pattern" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "relayer"."sender_nonces" (
	"chain_id" integer NOT NULL,
	"address" text NOT NULL,
	"next_nonce" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sender_nonces_chain_id_address_pk" PRIMARY KEY("chain_id","address")
);
--> statement-breakpoint
CREATE TABLE "relayer"."token_counters" (
	"chain_id" integer NOT NULL,
	"collection" text NOT NULL,
	"next_token_id" numeric(78, 0) NOT NULL,
	CONSTRAINT "token_counters_chain_id_collection_pk" PRIMARY KEY("chain_id","collection")
);
--> statement-breakpoint
CREATE TABLE "relayer"."transactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"kind" text NOT NULL,
	"chain_id" integer NOT NULL,
	"from_address" text NOT NULL,
	"to_address" text NOT NULL,
	"data" text NOT NULL,
	"value" numeric(78, 0) NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"nonce" bigint,
	"gas_limit" numeric(78, 0),
	"max_fee_per_gas" numeric(78, 0),
	"max_priority_fee_per_gas" numeric(78, 0),
	"raw_tx" text,
	"tx_hash" text,
	"previous_hashes" text[] DEFAULT '{}'::text[] NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"block_number" bigint,
	"gas_used" numeric(78, 0),
	"fills_for" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"signed_at" timestamp with time zone,
	"broadcast_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "transactions_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "relayer"."transfer_cursors" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "mints_token_uq" ON "relayer"."mints" USING btree ("chain_id","collection","token_id");--> statement-breakpoint
CREATE INDEX "mints_nft_idx" ON "relayer"."mints" USING btree ("nft_id","chain_id","created");--> statement-breakpoint
CREATE INDEX "mints_chiplink_idx" ON "relayer"."mints" USING btree ("chiplink_id","created");--> statement-breakpoint
CREATE INDEX "mints_tx_key_idx" ON "relayer"."mints" USING btree ("tx_key");--> statement-breakpoint
CREATE INDEX "mints_open_idx" ON "relayer"."mints" USING btree ("chain_id","created") WHERE "relayer"."mints"."status" = 'queued';--> statement-breakpoint
CREATE INDEX "transactions_open_idx" ON "relayer"."transactions" USING btree ("chain_id","status","nonce") WHERE "relayer"."transactions"."status" in ('queued', 'sent');--> statement-breakpoint
CREATE UNIQUE INDEX "transactions_sender_nonce_uq" ON "relayer"."transactions" USING btree ("chain_id","from_address","nonce") WHERE "relayer"."transactions"."kind" <> 'nonce-fill';