CREATE TABLE "chiplinks"."collection_views" (
	"chain" text NOT NULL,
	"address" text NOT NULL,
	"owner_id" integer NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "collection_views_chain_address_pk" PRIMARY KEY("chain","address")
);
--> statement-breakpoint
CREATE TABLE "chiplinks"."default_collection_views" (
	"chain" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chiplinks"."projection_cursors" (
	"name" text PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chiplinks"."template_views" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL,
	"item" jsonb NOT NULL,
	"applied_at" timestamp with time zone DEFAULT now() NOT NULL
);
