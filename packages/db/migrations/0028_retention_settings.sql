ALTER TABLE "shop_settings" ADD COLUMN "retention_guest_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "retention_cart_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "retention_unconfirmed_signup_days" integer DEFAULT 30 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "retention_outbox_body_days" integer DEFAULT 180 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD COLUMN "retention_log_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "shop_settings" ADD CONSTRAINT "shop_settings_retention" CHECK ("shop_settings"."retention_guest_days" BETWEEN 7 AND 3650 AND "shop_settings"."retention_cart_days" BETWEEN 7 AND 3650 AND "shop_settings"."retention_unconfirmed_signup_days" BETWEEN 1 AND 365 AND "shop_settings"."retention_outbox_body_days" BETWEEN 7 AND 3650 AND "shop_settings"."retention_log_days" BETWEEN 365 AND 3650);