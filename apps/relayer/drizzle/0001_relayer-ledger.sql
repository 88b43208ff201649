CREATE TABLE "relayer"."ledger_accounts" (
	"account_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_account_id_chain_id_pk" PRIMARY KEY("account_id","chain_id")
);
--> statement-breakpoint
CREATE TABLE "relayer"."ledger_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"chain_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" numeric(78, 0) NOT NULL,
	"balance" numeric(78, 0) NOT NULL,
	"reference" text,
	"tx_hash" text,
	"gas_used" numeric(78, 0),
	"effective_gas_price" numeric(78, 0),
	"note" text,
	"actor_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "relayer"."mints" ADD COLUMN "account_id" integer;--> statement-breakpoint
ALTER TABLE "relayer"."transactions" ADD COLUMN "effective_gas_price" numeric(78, 0);--> statement-breakpoint
ALTER TABLE "relayer"."transactions" ADD COLUMN "account_id" integer;--> statement-breakpoint
CREATE INDEX "ledger_entries_account_idx" ON "relayer"."ledger_entries" USING btree ("account_id","chain_id","id");--> statement-breakpoint
CREATE INDEX "ledger_entries_reference_idx" ON "relayer"."ledger_entries" USING btree ("reference");--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_settlement_uq" ON "relayer"."ledger_entries" USING btree ("reference") WHERE "relayer"."ledger_entries"."kind" = 'settlement';--> statement-breakpoint
CREATE INDEX "mints_nft_status_idx" ON "relayer"."mints" USING btree ("nft_id","status");