-- The reports' triggers (0044, ADR 062) took one advisory lock per order and per customer changed, held to the end of
-- the transaction: a transaction changing thousands of orders (seed:orders' batches, a large erasure) ran out of the
-- lock table ("out of shared memory", max_locks_per_transaction). An order is now serialised by its own row's lock,
-- which PostgreSQL keeps in the row, not in the lock table (the trigger of an order's own update holds it already);
-- and a customer by one of 64 advisory locks chosen by the key's hash, so a transaction holds at most 64 of them.
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
  INSERT INTO report_order_facts (order_id, day, payment_method, paid_by, total_paise, units)
    SELECT order_id, day, payment_method, paid_by, total_paise, units FROM report_sold_orders WHERE order_id = oid;
  INSERT INTO report_order_lines (order_id, day, product_id, size_id, category_id, units, revenue_paise)
    SELECT order_id, day, product_id, size_id, category_id, units, revenue_paise
    FROM report_sold_lines WHERE order_id = oid;
  PERFORM report_add_ledger(oid, 1);
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_order_customers(old_row orders, new_row orders) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  old_key text := CASE WHEN old_row.id IS NULL THEN NULL ELSE report_customer_key(old_row.user_id, old_row.address_snapshot) END;
  new_key text := CASE WHEN new_row.id IS NULL THEN NULL ELSE report_customer_key(new_row.user_id, new_row.address_snapshot) END;
  old_day date := report_sold_day(old_row.payment_method, old_row.status, old_row.created_at, old_row.paid_at);
  new_day date := report_sold_day(new_row.payment_method, new_row.status, new_row.created_at, new_row.paid_at);
  id integer := coalesce(new_row.id, old_row.id);
  customer text;
  rest date;
BEGIN
  IF old_day IS NULL AND new_day IS NULL THEN RETURN; END IF;
  IF old_key IS NOT DISTINCT FROM new_key AND old_day IS NOT DISTINCT FROM new_day THEN RETURN; END IF;
  FOREACH customer IN ARRAY ARRAY(SELECT DISTINCT k FROM unnest(ARRAY[old_key, new_key]) k WHERE k IS NOT NULL) LOOP
    PERFORM pg_advisory_xact_lock(620002, abs(hashtext(customer) % 64));
    rest := report_first_day(customer, id);
    PERFORM report_move_new_customer(customer,
      CASE WHEN old_key = customer THEN least(rest, old_day) ELSE rest END,
      CASE WHEN new_key = customer THEN least(rest, new_day) ELSE rest END);
  END LOOP;
END $$;
