ALTER TABLE "chiplinks"."shop_order_lines" ADD COLUMN "email_hash" text;--> statement-breakpoint
CREATE INDEX "shop_order_lines_link_ids_idx" ON "chiplinks"."shop_order_lines" USING gin ("link_ids");