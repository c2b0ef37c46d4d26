CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "tax_invoices_issued_idx" ON "tax_invoices" USING btree ("issued_at");--> statement-breakpoint
CREATE INDEX "order_events_shipped_idx" ON "order_events" USING btree ("created_at") WHERE "order_events"."status" = 'shipped';--> statement-breakpoint
CREATE INDEX "orders_paid_at_idx" ON "orders" USING btree ("paid_at");--> statement-breakpoint
CREATE INDEX "orders_cod_created_idx" ON "orders" USING btree ("created_at") WHERE "orders"."payment_method" = 'cod';--> statement-breakpoint
CREATE INDEX "orders_guest_phone_idx" ON "orders" USING btree (("address_snapshot"->>'phone_number')) WHERE "orders"."user_id" IS NULL;--> statement-breakpoint
CREATE INDEX "return_requests_created_idx" ON "return_requests" USING btree ("created_at");