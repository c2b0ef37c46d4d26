CREATE TABLE "shipping_zones" (
	"zone" text PRIMARY KEY NOT NULL,
	"charge_paise" integer NOT NULL,
	"free_above_paise" integer,
	"min_days" integer NOT NULL,
	"max_days" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	CONSTRAINT "shipping_zones_known" CHECK ("shipping_zones"."zone" IN ('local', 'metro', 'rest', 'remote')),
	CONSTRAINT "shipping_zones_amounts" CHECK ("shipping_zones"."charge_paise" >= 0 AND ("shipping_zones"."free_above_paise" IS NULL OR "shipping_zones"."free_above_paise" >= 0)),
	CONSTRAINT "shipping_zones_days" CHECK ("shipping_zones"."min_days" >= 1 AND "shipping_zones"."min_days" <= "shipping_zones"."max_days" AND "shipping_zones"."max_days" <= 30)
);
--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "dispatch_cutoff_minutes" integer DEFAULT 840 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_min_order_paise" integer DEFAULT 29900 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_max_order_paise" integer DEFAULT 500000 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_fee_paise" integer DEFAULT 4900 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_excluded_pins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "cod_confirm_above_paise" integer;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_dispatch_cutoff" CHECK ("shop_settings"."dispatch_cutoff_minutes" >= 0 AND "shop_settings"."dispatch_cutoff_minutes" < 1440);--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_cod_amounts" CHECK ("shop_settings"."cod_min_order_paise" >= 0 AND "shop_settings"."cod_min_order_paise" <= "shop_settings"."cod_max_order_paise" AND "shop_settings"."cod_fee_paise" >= 0 AND ("shop_settings"."cod_confirm_above_paise" IS NULL OR "shop_settings"."cod_confirm_above_paise" >= 0));--> statement-breakpoint
-- Every shop starts with terms for each zone (ADR 033), which the owner changes in the console.
INSERT INTO "shipping_zones" ("zone", "charge_paise", "free_above_paise", "min_days", "max_days") VALUES
  ('local', 4900, 99900, 1, 3),
  ('metro', 4900, 99900, 2, 4),
  ('rest', 7900, 149900, 3, 6),
  ('remote', 12900, 249900, 5, 9)
ON CONFLICT ("zone") DO NOTHING;
