ALTER TABLE "orders" DROP CONSTRAINT "orders_amounts_non_negative";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_discount_within_items";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_total_adds_up";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "prepaid_discount_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cod_advance_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_advance_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_advance_for" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "prepaid_discount_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "prepaid_discount_max_paise" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_prepaid_discount_only_online" CHECK ("orders"."payment_method" = 'online' OR "orders"."prepaid_discount_paise" = 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cod_advance_within_total" CHECK ("orders"."cod_advance_paise" >= 0 AND "orders"."cod_advance_paise" <= "orders"."total_paise" AND ("orders"."payment_method" = 'cod' OR "orders"."cod_advance_paise" = 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_non_negative" CHECK ("orders"."items_total_paise" >= 0 AND "orders"."discount_paise" >= 0 AND "orders"."shipping_paise" >= 0 AND "orders"."cod_fee_paise" >= 0 AND "orders"."prepaid_discount_paise" >= 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_within_items" CHECK ("orders"."discount_paise" + "orders"."prepaid_discount_paise" <= "orders"."items_total_paise");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."total_paise" = "orders"."items_total_paise" - "orders"."discount_paise" - "orders"."prepaid_discount_paise" + "orders"."shipping_paise" + "orders"."cod_fee_paise");--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cod_advance" CHECK ("shop_settings"."cod_advance_paise" >= 0 AND "shop_settings"."cod_advance_for" IN ('none', 'first_order', 'all'));--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_prepaid_discount" CHECK ("shop_settings"."prepaid_discount_percent" BETWEEN 0 AND 20 AND ("shop_settings"."prepaid_discount_max_paise" IS NULL OR "shop_settings"."prepaid_discount_max_paise" >= 0));