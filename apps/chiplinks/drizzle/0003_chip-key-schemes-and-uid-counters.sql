CREATE TABLE "chiplinks"."chip_counters" (
	"uid" text PRIMARY KEY NOT NULL,
	"last_counter" integer DEFAULT -1 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "chiplinks"."chiplinks" ADD COLUMN "key_scheme" text DEFAULT 'an10922' NOT NULL;--> statement-breakpoint
ALTER TABLE "chiplinks"."chiplinks" ADD COLUMN "key_rev" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "chiplinks"."scans" ADD COLUMN "file_data" text;--> statement-breakpoint
-- Chips provisioned before AN10922 was followed exactly keep their old derivation; imported stay imported.
UPDATE "chiplinks"."chiplinks" SET "key_scheme" = CASE WHEN "key_source" = 1 THEN 'imported' ELSE 'legacy' END WHERE "type" = 'chip';--> statement-breakpoint
-- A UID's counter is the highest any of its rows (deleted ones included) ever accepted.
INSERT INTO "chiplinks"."chip_counters" ("uid", "last_counter") SELECT "uid", max("last_counter") FROM "chiplinks"."chiplinks" WHERE "type" = 'chip' GROUP BY "uid" ON CONFLICT ("uid") DO NOTHING;
