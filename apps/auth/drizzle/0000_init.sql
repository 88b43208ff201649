CREATE SCHEMA IF NOT EXISTS "auth";
--> statement-breakpoint
CREATE TABLE "auth"."login_failures" (
	"id" serial PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "auth"."login_nonces" (
	"nonce" text PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"message" text NOT NULL,
	"domain" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth"."sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"created" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "auth"."users" (
	"id" serial PRIMARY KEY NOT NULL,
	"address" text NOT NULL,
	"address_key" text NOT NULL,
	"user_address" text,
	"balance" numeric(48, 18) DEFAULT '0' NOT NULL,
	"is_super_admin" boolean DEFAULT false NOT NULL,
	"password_hash" text,
	"shop_token_sealed" text,
	"shop_token_hash" text,
	"created" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_address_key_unique" UNIQUE("address_key"),
	CONSTRAINT "users_shop_token_hash_unique" UNIQUE("shop_token_hash")
);
--> statement-breakpoint
ALTER TABLE "auth"."sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "auth"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "login_failures_key_idx" ON "auth"."login_failures" USING btree ("key","at");--> statement-breakpoint
CREATE INDEX "login_nonces_address_idx" ON "auth"."login_nonces" USING btree ("address","expires_at");--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "auth"."sessions" USING btree ("user_id");