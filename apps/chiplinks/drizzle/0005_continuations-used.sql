CREATE TABLE "chiplinks"."continuations_used" (
	"nonce" text PRIMARY KEY NOT NULL,
	"chiplink_id" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "continuations_used_expiry_idx" ON "chiplinks"."continuations_used" USING btree ("expires_at");