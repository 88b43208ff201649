CREATE TABLE "templates"."mint_ticket_spends" (
	"ticket_id" text PRIMARY KEY NOT NULL,
	"nft_id" integer NOT NULL,
	"spent_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "mint_ticket_spends_expires_idx" ON "templates"."mint_ticket_spends" USING btree ("expires_at");