CREATE TABLE "chiplinks"."public_names" (
	"name" text PRIMARY KEY NOT NULL,
	"chiplink_id" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "public_names_chiplink_idx" ON "chiplinks"."public_names" USING btree ("chiplink_id");