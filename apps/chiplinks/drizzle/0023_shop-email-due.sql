ALTER TABLE "chiplinks"."shop_order_lines" ADD COLUMN "email_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "chiplinks"."shop_order_lines" ADD COLUMN "email_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chiplinks"."shop_order_lines" ADD COLUMN "email_to" text;--> statement-breakpoint
ALTER TABLE "chiplinks"."shop_order_lines" ADD COLUMN "delivery_id" bigint;--> statement-breakpoint
CREATE INDEX "shop_order_lines_email_due_idx" ON "chiplinks"."shop_order_lines" USING btree ("email_due_at") WHERE "chiplinks"."shop_order_lines"."email_due_at" IS NOT NULL;