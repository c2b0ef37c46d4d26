DROP INDEX "products_active_name_idx";--> statement-breakpoint
CREATE INDEX "products_active_name_idx" ON "products" USING btree ("id","name","category_id") WHERE "products"."status" = 'active';