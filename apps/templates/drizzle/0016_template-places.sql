CREATE TABLE "templates"."template_places" (
	"nft_id" integer NOT NULL,
	"holder" text NOT NULL,
	"chain" text NOT NULL,
	"collection" text,
	"token_id" text,
	"until" timestamp with time zone,
	"released_at" timestamp with time zone,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_places_nft_id_holder_pk" PRIMARY KEY("nft_id","holder")
);
