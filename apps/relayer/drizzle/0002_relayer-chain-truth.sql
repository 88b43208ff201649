DROP INDEX "relayer"."transactions_open_idx";--> statement-breakpoint
ALTER TABLE "relayer"."transactions" ADD COLUMN "block_hash" text;--> statement-breakpoint
CREATE INDEX "transactions_sender_nonce_idx" ON "relayer"."transactions" USING btree ("chain_id","from_address","nonce");--> statement-breakpoint
CREATE INDEX "transactions_open_idx" ON "relayer"."transactions" USING btree ("chain_id","status","nonce") WHERE "relayer"."transactions"."status" in ('queued', 'sent', 'mined');