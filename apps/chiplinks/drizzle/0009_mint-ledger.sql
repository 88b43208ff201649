CREATE TABLE "chiplinks"."issued_tokens" (
	"chain" text NOT NULL,
	"collection" text NOT NULL,
	"token_id" text NOT NULL,
	"chiplink_id" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "issued_tokens_chain_collection_token_id_pk" PRIMARY KEY("chain","collection","token_id")
);
--> statement-breakpoint
CREATE TABLE "chiplinks"."ledger_events_seen" (
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_events_seen_chain_tx_hash_log_index_pk" PRIMARY KEY("chain","tx_hash","log_index")
);
--> statement-breakpoint
CREATE INDEX "issued_tokens_chiplink_idx" ON "chiplinks"."issued_tokens" USING btree ("chiplink_id");