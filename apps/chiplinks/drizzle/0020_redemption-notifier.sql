CREATE TABLE "chiplinks"."redemption_cursors" (
	"chain_id" integer PRIMARY KEY NOT NULL,
	"block_number" bigint NOT NULL,
	"log_index" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chiplinks"."redemptions" ADD COLUMN "notify_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chiplinks"."redemptions" ADD COLUMN "notify_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "redemptions_due_idx" ON "chiplinks"."redemptions" USING btree ("notify_due_at") WHERE "chiplinks"."redemptions"."notify_due_at" IS NOT NULL;