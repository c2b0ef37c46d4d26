ALTER TABLE "orders" DROP CONSTRAINT "orders_status_known";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_non_negative";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_adds_up";--> statement-breakpoint
ALTER TABLE "shop_settings" DROP CONSTRAINT "shop_settings_shipping_non_negative";--> statement-breakpoint
ALTER TABLE "addresses" ALTER COLUMN "city_id" DROP NOT NULL;--> statement-breakpoint
-- Every existing address keeps its city: the seeded city's name is copied in before the column becomes required.
ALTER TABLE "addresses" ADD COLUMN "city_name" text;--> statement-breakpoint
UPDATE "addresses" SET "city_name" = left("cities"."name", 60) FROM "cities" WHERE "cities"."id" = "addresses"."city_id";--> statement-breakpoint
ALTER TABLE "addresses" ALTER COLUMN "city_name" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_fee_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_zone" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_from" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_by" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_received_at" timestamp with time zone;--> statement-breakpoint
-- The flat shipping charge gives way to the shipping zones (migration 0010, ADR 033).
ALTER TABLE "shop_settings" DROP COLUMN "shipping_charge_paise";--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_city_name_length" CHECK (char_length("addresses"."city_name") BETWEEN 1 AND 60);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK ("orders"."payment_method" IN ('online', 'cod'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_fee_only_cod" CHECK ("orders"."payment_method" = 'cod' OR "orders"."cod_fee_paise" = 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shipping_zone_known" CHECK ("orders"."shipping_zone" IN ('local', 'metro', 'rest', 'remote'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_status_known" CHECK (status IN ('pending_payment', 'paid', 'packed', 'shipped', 'delivered', 'payment_failed', 'expired', 'cancelled', 'refunded', 'cod_pending_confirmation', 'cod_confirmed', 'returned_to_origin'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_non_negative" CHECK ("orders"."items_total_paise" >= 0 AND "orders"."discount_paise" >= 0 AND "orders"."shipping_paise" >= 0 AND "orders"."cod_fee_paise" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_paise" = "orders"."items_total_paise" - "orders"."discount_paise" + "orders"."shipping_paise" + "orders"."cod_fee_paise");