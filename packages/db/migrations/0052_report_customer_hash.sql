-- ADR 062, third pass: the sales report counted a span's customers by reading every order sold in it (the orders'
-- rows with their address snapshots: 40 MB at 100,000 orders, re-read from disk by PGlite on every call). Each sold
-- order's ledger row now carries its customer as a 64-bit hash of report_customer_key (the account, or a guest's
-- delivery phone), kept by the same triggers as its other figures: the orders' trigger already fires on a change of
-- user_id or address_snapshot (an erasure clearing a guest's phone), and report_apply_order makes the row again.
DROP INDEX "report_order_facts_day_idx";--> statement-breakpoint
ALTER TABLE "report_order_facts" ADD COLUMN "customer_hash" bigint;--> statement-breakpoint
CREATE OR REPLACE VIEW "report_sold_orders" AS
SELECT o.id AS order_id,
  (((CASE WHEN o.payment_method = 'cod' THEN o.created_at ELSE o.paid_at END) AT TIME ZONE 'UTC')
    + interval '330 minutes')::date AS day,
  o.payment_method,
  coalesce(CASE WHEN o.payment_method = 'online' THEN (SELECT p.method FROM payments p
    WHERE p.order_id = o.id AND p.status <> 'failed' AND p.refusal_reason IS NULL
    ORDER BY p.created_at, p.id LIMIT 1) END, '') AS paid_by,
  o.total_paise::bigint AS total_paise,
  coalesce((SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id), 0)::int AS units,
  hashtextextended(report_customer_key(o.user_id, o.address_snapshot), 0) AS customer_hash
FROM orders o
WHERE (o.payment_method = 'online' AND o.paid_at IS NOT NULL)
  OR (o.payment_method = 'cod' AND o.status IN ('cod_confirmed', 'packed', 'shipped', 'delivered', 'returned_to_origin'));
--> statement-breakpoint
UPDATE "report_order_facts" f SET customer_hash = s.customer_hash FROM "report_sold_orders" s WHERE s.order_id = f.order_id;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_apply_order(oid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM report_order_facts WHERE order_id = oid)
    AND NOT EXISTS (SELECT 1 FROM report_sold_orders WHERE order_id = oid) THEN
    RETURN;
  END IF;
  PERFORM 1 FROM orders WHERE id = oid FOR UPDATE;
  PERFORM report_add_ledger(oid, -1);
  DELETE FROM report_order_facts WHERE order_id = oid;
  DELETE FROM report_order_lines WHERE order_id = oid;
  INSERT INTO report_order_facts (order_id, day, payment_method, paid_by, total_paise, units, customer_hash)
    SELECT order_id, day, payment_method, paid_by, total_paise, units, customer_hash
    FROM report_sold_orders WHERE order_id = oid;
  INSERT INTO report_order_lines (order_id, day, product_id, size_id, category_id, units, revenue_paise)
    SELECT order_id, day, product_id, size_id, category_id, units, revenue_paise
    FROM report_sold_lines WHERE order_id = oid;
  PERFORM report_add_ledger(oid, 1);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_order_facts; DELETE FROM report_order_lines; DELETE FROM report_daily_sales;
  DELETE FROM report_daily_products; DELETE FROM report_daily_categories; DELETE FROM report_daily_sizes;
  DELETE FROM report_daily_new_customers;
  INSERT INTO report_order_facts (order_id, day, payment_method, paid_by, total_paise, units, customer_hash)
    SELECT order_id, day, payment_method, paid_by, total_paise, units, customer_hash FROM report_sold_orders;
  INSERT INTO report_order_lines (order_id, day, product_id, size_id, category_id, units, revenue_paise)
    SELECT f.order_id, f.day, i.product_id, i.size_id, p.category_id, i.quantity,
      coalesce(round(i.line_total_paise::numeric * (o.items_total_paise - o.discount_paise - o.prepaid_discount_paise)
        / nullif(o.items_total_paise, 0)), 0)::bigint
    FROM report_order_facts f JOIN orders o ON o.id = f.order_id JOIN order_items i ON i.order_id = o.id
      JOIN products p ON p.id = i.product_id;
  INSERT INTO report_daily_sales (day, payment_method, paid_by, orders, gross_paise, units)
    SELECT day, payment_method, paid_by, count(*), sum(total_paise), sum(units) FROM report_order_facts GROUP BY 1, 2, 3;
  INSERT INTO report_daily_products (day, product_id, orders, units, revenue_paise)
    SELECT day, product_id, count(DISTINCT order_id), sum(units), sum(revenue_paise) FROM report_order_lines GROUP BY 1, 2;
  INSERT INTO report_daily_categories (day, category_id, orders, units, revenue_paise)
    SELECT day, category_id, count(DISTINCT order_id), sum(units), sum(revenue_paise) FROM report_order_lines
    WHERE category_id IS NOT NULL GROUP BY 1, 2;
  INSERT INTO report_daily_sizes (day, product_id, size_id, units)
    SELECT day, product_id, size_id, sum(units) FROM report_order_lines GROUP BY 1, 2, 3;
  INSERT INTO report_daily_new_customers (day, customers)
    SELECT first_day, count(*) FROM (
      SELECT min(report_sold_day(o.payment_method, o.status, o.created_at, o.paid_at)) AS first_day
      FROM orders o GROUP BY report_customer_key(o.user_id, o.address_snapshot)) c
    WHERE first_day IS NOT NULL GROUP BY 1;
  PERFORM report_rebuild_gst();
END $$;
--> statement-breakpoint
-- Every ledger row has its order's customer now, unless the ledger had drifted from the orders (a row whose order no
-- longer counts as sold): then every aggregate is made again from the orders rather than guessed.
DO $$ BEGIN
  IF EXISTS (SELECT 1 FROM report_order_facts WHERE customer_hash IS NULL) THEN PERFORM report_rebuild(); END IF;
END $$;
--> statement-breakpoint
ALTER TABLE "report_order_facts" ALTER COLUMN "customer_hash" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "report_order_facts_day_customer_idx" ON "report_order_facts" USING btree ("day","customer_hash");
