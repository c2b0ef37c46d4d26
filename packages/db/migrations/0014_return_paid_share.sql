ALTER TABLE "return_lines" ADD COLUMN "paid_paise" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Requests made before this column: their list price stands for what was paid (a coupon share is not known here).
UPDATE "return_lines" SET "paid_paise" = "unit_price_paise" * "quantity";--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_paid_within_price" CHECK ("return_lines"."paid_paise" >= 0 AND "return_lines"."paid_paise" <= "return_lines"."unit_price_paise" * "return_lines"."quantity");