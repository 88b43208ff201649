CREATE TABLE "chiplinks"."resale_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chiplink_id" text NOT NULL,
	"nft_id" integer NOT NULL,
	"chain" text NOT NULL,
	"collection" text NOT NULL,
	"token_id" text NOT NULL,
	"owner" text NOT NULL,
	"claimant" text NOT NULL,
	"open_counter" integer NOT NULL,
	"opened_at" timestamp with time zone NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"closed_at" timestamp with time zone,
	"relayer_tx" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "resale_claims_pending_token_idx" ON "chiplinks"."resale_claims" USING btree ("chain","collection","token_id") WHERE "chiplinks"."resale_claims"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "resale_claims_chiplink_idx" ON "chiplinks"."resale_claims" USING btree ("chiplink_id","opened_at");