ALTER TABLE "chiplinks"."chiplinks" DROP COLUMN "last_counter";--> statement-breakpoint
ALTER TABLE "chiplinks"."chiplinks" DROP COLUMN "key_source";