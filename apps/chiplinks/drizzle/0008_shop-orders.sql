CREATE TABLE "chiplinks"."shop_deliveries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"order_id" text DEFAULT '' NOT NULL,
	"outcome" text NOT NULL,
	"matched" integer DEFAULT 0 NOT NULL,
	"links_created" integer DEFAULT 0 NOT NULL,
	"detail" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chiplinks"."shop_order_lines" (
	"owner_id" integer NOT NULL,
	"order_id" text NOT NULL,
	"line_id" text NOT NULL,
	"nft_id" integer NOT NULL,
	"quantity" integer NOT NULL,
	"link_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"emailed_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shop_order_lines_owner_id_order_id_line_id_pk" PRIMARY KEY("owner_id","order_id","line_id")
);
--> statement-breakpoint
CREATE INDEX "shop_deliveries_owner_idx" ON "chiplinks"."shop_deliveries" USING btree ("owner_id","id");