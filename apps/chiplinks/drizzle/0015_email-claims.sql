CREATE TABLE "chiplinks"."email_claims" (
	"id" text PRIMARY KEY NOT NULL,
	"chiplink_id" text NOT NULL,
	"nft_id" integer NOT NULL,
	"secret_hash" text NOT NULL,
	"email_masked" text NOT NULL,
	"email_hash" text NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "email_claims_chiplink_idx" ON "chiplinks"."email_claims" USING btree ("chiplink_id","expires_at");--> statement-breakpoint
CREATE INDEX "email_claims_nft_idx" ON "chiplinks"."email_claims" USING btree ("nft_id","expires_at");