CREATE TABLE "chiplinks"."quota_units" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"owner_id" integer NOT NULL,
	"kind" text NOT NULL,
	"units" integer NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "quota_units_owner_idx" ON "chiplinks"."quota_units" USING btree ("owner_id","kind","at");
--> statement-breakpoint
-- what accounts made before quotas: their links, chips and batches count toward the totals (issue #28)
INSERT INTO "chiplinks"."quota_units" ("owner_id", "kind", "units", "at")
SELECT (v."item"->>'owner')::integer, c."type" || 's', count(*)::integer, min(c."created")
FROM "chiplinks"."chiplinks" c JOIN "chiplinks"."template_views" v ON v."id" = c."nft_id"
WHERE v."item"->>'owner' IS NOT NULL
GROUP BY 1, 2;
--> statement-breakpoint
INSERT INTO "chiplinks"."quota_units" ("owner_id", "kind", "units", "at")
SELECT (v."item"->>'owner')::integer, 'batches', count(*)::integer, min(b."created")
FROM "chiplinks"."chip_batches" b JOIN "chiplinks"."template_views" v ON v."id" = b."nft_id"
WHERE v."item"->>'owner' IS NOT NULL AND b."scheme" <> 'default'
GROUP BY 1;
