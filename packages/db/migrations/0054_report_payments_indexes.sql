DROP INDEX "order_events_shipped_idx";--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_state" text GENERATED ALWAYS AS ((address_snapshot->>'state')) STORED;--> statement-breakpoint
CREATE INDEX "orders_cod_shipments_idx" ON "orders" USING btree ("id","delivery_state","shipping_zone","status") WHERE "orders"."payment_method" = 'cod';--> statement-breakpoint
CREATE INDEX "orders_cod_due_idx" ON "orders" USING btree ("status","total_paise","cod_advance_paise") WHERE "orders"."payment_method" = 'cod' AND "orders"."paid_at" IS NULL;--> statement-breakpoint
CREATE INDEX "order_events_shipped_idx" ON "order_events" USING btree ("created_at","order_id") WHERE "order_events"."status" = 'shipped';