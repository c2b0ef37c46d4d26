ALTER TABLE "products" ADD COLUMN "weight_grams" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "parcel_length_cm" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "parcel_breadth_cm" integer DEFAULT 25 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "parcel_height_cm" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "default_piece_weight_grams" integer DEFAULT 200 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_grams" CHECK ("products"."weight_grams" IS NULL OR ("products"."weight_grams" >= 1 AND "products"."weight_grams" <= 30000));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_parcel_size" CHECK ("shop_settings"."parcel_length_cm" BETWEEN 1 AND 200 AND "shop_settings"."parcel_breadth_cm" BETWEEN 1 AND 200 AND "shop_settings"."parcel_height_cm" BETWEEN 1 AND 200);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_default_piece_weight" CHECK ("shop_settings"."default_piece_weight_grams" >= 1 AND "shop_settings"."default_piece_weight_grams" <= 30000);