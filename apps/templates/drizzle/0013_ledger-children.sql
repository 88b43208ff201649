CREATE TABLE "templates"."ledger_children" (
	"chain" text NOT NULL,
	"collection" text NOT NULL,
	"child_token_id" text NOT NULL,
	"parent_token_id" text NOT NULL,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_children_chain_collection_child_token_id_pk" PRIMARY KEY("chain","collection","child_token_id")
);
--> statement-breakpoint
CREATE INDEX "ledger_children_parent_idx" ON "templates"."ledger_children" USING btree ("chain","collection","parent_token_id");