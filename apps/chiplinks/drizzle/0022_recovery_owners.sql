CREATE TABLE "chiplinks"."recovery_owners" (
	"chain_id" integer NOT NULL,
	"account" text NOT NULL,
	"owner" text NOT NULL,
	"reference" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recovery_owners_chain_id_account_owner_pk" PRIMARY KEY("chain_id","account","owner")
);
--> statement-breakpoint
CREATE INDEX "recovery_owners_owner_idx" ON "chiplinks"."recovery_owners" USING btree ("chain_id","owner");