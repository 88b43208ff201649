ALTER TABLE "relayer"."outbox" RENAME COLUMN "pattern" TO "subject";--> statement-breakpoint
ALTER TABLE "relayer"."outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "relayer"."outbox" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "relayer"."outbox" ADD COLUMN "dead_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "relayer"."outbox" ADD COLUMN "last_error" text;--> statement-breakpoint
CREATE INDEX "outbox_live_idx" ON "relayer"."outbox" USING btree ("id") WHERE "relayer"."outbox"."dead_at" is null;