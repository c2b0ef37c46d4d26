ALTER TABLE "categories" ADD COLUMN "return_rule" text DEFAULT 'returnable' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "return_rule_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_rule" text DEFAULT 'returnable' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "return_rule_reason" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_return_rule" CHECK ("categories"."return_rule" IN ('returnable', 'exchange_only', 'final_sale'));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_return_rule_reason" CHECK ("categories"."return_rule" = 'returnable' OR btrim("categories"."return_rule_reason") <> '');--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_return_rule" CHECK ("order_items"."return_rule" IN ('returnable', 'exchange_only', 'final_sale'));