ALTER TABLE "products" ADD COLUMN "seo_title" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "seo_description" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "vendor" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "tags" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seo_title_length" CHECK ("products"."seo_title" IS NULL OR char_length("products"."seo_title") BETWEEN 1 AND 70);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_seo_description_length" CHECK ("products"."seo_description" IS NULL OR char_length("products"."seo_description") BETWEEN 1 AND 320);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_length" CHECK ("products"."vendor" IS NULL OR char_length("products"."vendor") BETWEEN 1 AND 100);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_tags_count" CHECK (cardinality("products"."tags") <= 50);