CREATE TABLE "templates"."ledger_cursors" (
	"chain_id" integer NOT NULL,
	"stream" text NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_cursors_chain_id_stream_pk" PRIMARY KEY("chain_id","stream")
);
--> statement-breakpoint
CREATE TABLE "templates"."ledger_mints" (
	"chain" text NOT NULL,
	"tx_hash" text NOT NULL,
	"log_index" integer NOT NULL,
	"collection" text NOT NULL,
	"token_id" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_mints_chain_tx_hash_log_index_pk" PRIMARY KEY("chain","tx_hash","log_index")
);
--> statement-breakpoint
CREATE TABLE "templates"."outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"subject" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "ledger_mints_token_idx" ON "templates"."ledger_mints" USING btree ("chain","collection","token_id");