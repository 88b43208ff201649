CREATE TABLE "chiplinks"."limited_tokens" (
	"chain" text NOT NULL,
	"collection" text NOT NULL,
	"token_id" text NOT NULL,
	"parent_token_id" text,
	"children" integer DEFAULT 0 NOT NULL,
	"connected" boolean DEFAULT false NOT NULL,
	"connected_block" bigint,
	"connected_log_index" integer,
	"chiplink_id" text,
	CONSTRAINT "limited_tokens_chain_collection_token_id_pk" PRIMARY KEY("chain","collection","token_id")
);
