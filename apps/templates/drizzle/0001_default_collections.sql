CREATE TABLE "templates"."default_collections" (
	"chain" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"symbol" text DEFAULT '' NOT NULL,
	"set_by" integer,
	"updated" timestamp with time zone DEFAULT now() NOT NULL
);
