CREATE TABLE "chiplinks"."passkey_credentials" (
	"credential_id" text PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"account" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "chiplinks"."sponsored_operations" (
	"reference" text PRIMARY KEY NOT NULL,
	"sender" text NOT NULL,
	"chiplink_id" text NOT NULL,
	"owner_id" integer NOT NULL,
	"gas" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sponsored_operations_sender_idx" ON "chiplinks"."sponsored_operations" USING btree ("sender","created_at");