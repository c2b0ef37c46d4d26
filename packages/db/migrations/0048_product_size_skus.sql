ALTER TABLE "order_items" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_sku_unique" UNIQUE("sku");--> statement-breakpoint
ALTER TABLE "product_sizes" ADD CONSTRAINT "product_sizes_sku_format" CHECK ("product_sizes"."sku" IS NULL OR "product_sizes"."sku" ~ '^[A-Za-z0-9._/-]{1,64}$');