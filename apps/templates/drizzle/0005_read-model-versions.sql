CREATE SEQUENCE "templates"."read_model_version" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "templates"."collections" ADD COLUMN "version" bigint DEFAULT nextval('templates.read_model_version') NOT NULL;--> statement-breakpoint
ALTER TABLE "templates"."default_collections" ADD COLUMN "version" bigint DEFAULT nextval('templates.read_model_version') NOT NULL;--> statement-breakpoint
ALTER TABLE "templates"."nft_templates" ADD COLUMN "version" bigint DEFAULT nextval('templates.read_model_version') NOT NULL;--> statement-breakpoint
CREATE INDEX "collections_version_idx" ON "templates"."collections" USING btree ("version");--> statement-breakpoint
CREATE INDEX "nft_templates_version_idx" ON "templates"."nft_templates" USING btree ("version");