CREATE TABLE "report_daily_categories" (
	"day" date NOT NULL,
	"category_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_categories_day_category_id_pk" PRIMARY KEY("day","category_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily_new_customers" (
	"day" date PRIMARY KEY NOT NULL,
	"customers" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_daily_products" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	"revenue_paise" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_products_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily_sales" (
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"paid_by" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross_paise" bigint DEFAULT 0 NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_sales_day_payment_method_paid_by_pk" PRIMARY KEY("day","payment_method","paid_by")
);
--> statement-breakpoint
CREATE TABLE "report_daily_sizes" (
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"size_id" integer NOT NULL,
	"units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "report_daily_sizes_day_product_id_size_id_pk" PRIMARY KEY("day","product_id","size_id")
);
--> statement-breakpoint
CREATE TABLE "report_order_facts" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"day" date NOT NULL,
	"payment_method" text NOT NULL,
	"paid_by" text NOT NULL,
	"total_paise" bigint NOT NULL,
	"units" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_order_lines" (
	"order_id" integer NOT NULL,
	"day" date NOT NULL,
	"product_id" integer NOT NULL,
	"size_id" integer NOT NULL,
	"category_id" integer,
	"units" integer NOT NULL,
	"revenue_paise" bigint NOT NULL
);
--> statement-breakpoint
CREATE INDEX "report_order_facts_day_idx" ON "report_order_facts" USING btree ("day");--> statement-breakpoint
CREATE INDEX "report_order_lines_order_idx" ON "report_order_lines" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "report_order_lines_product_idx" ON "report_order_lines" USING btree ("product_id");--> statement-breakpoint
-- The reports' aggregates kept by the database in the same transaction as every change to an order (ADR 062).
-- report_sold_orders is the one SQL definition of a sold order (ADR 054, sold.ts): an online order once paid, on the
-- day it was paid; a cash-on-delivery order confirmed and not cancelled before it left, on the day it was placed.
CREATE VIEW "report_sold_orders" AS
SELECT o.id AS order_id,
  (((CASE WHEN o.payment_method = 'cod' THEN o.created_at ELSE o.paid_at END) AT TIME ZONE 'UTC')
    + interval '330 minutes')::date AS day,
  o.payment_method,
  coalesce(CASE WHEN o.payment_method = 'online' THEN (SELECT p.method FROM payments p
    WHERE p.order_id = o.id AND p.status <> 'failed' AND p.refusal_reason IS NULL
    ORDER BY p.created_at, p.id LIMIT 1) END, '') AS paid_by,
  o.total_paise::bigint AS total_paise,
  coalesce((SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = o.id), 0)::int AS units
FROM orders o
WHERE (o.payment_method = 'online' AND o.paid_at IS NOT NULL)
  OR (o.payment_method = 'cod' AND o.status IN ('cod_confirmed', 'packed', 'shipped', 'delivered', 'returned_to_origin'));
--> statement-breakpoint
-- Each line of a sold order: what it brought after the coupon and the prepaid discount, shared over the order's lines
-- by value and rounded per line, as the GST invoice shares a discount.
CREATE VIEW "report_sold_lines" AS
SELECT s.order_id, s.day, i.product_id, i.size_id, p.category_id, i.quantity AS units,
  coalesce(round(i.line_total_paise::numeric * (o.items_total_paise - o.discount_paise - o.prepaid_discount_paise)
    / nullif(o.items_total_paise, 0)), 0)::bigint AS revenue_paise
FROM report_sold_orders s JOIN orders o ON o.id = s.order_id JOIN order_items i ON i.order_id = o.id
  JOIN products p ON p.id = i.product_id;
--> statement-breakpoint
-- Adds (sign 1) or takes out (sign -1) an order's ledger rows to the daily aggregates.
CREATE FUNCTION report_add_ledger(oid integer, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_daily_sales AS t (day, payment_method, paid_by, orders, gross_paise, units)
    SELECT f.day, f.payment_method, f.paid_by, sign, sign * f.total_paise, sign * f.units
    FROM report_order_facts f WHERE f.order_id = oid
  ON CONFLICT (day, payment_method, paid_by) DO UPDATE SET orders = t.orders + excluded.orders,
    gross_paise = t.gross_paise + excluded.gross_paise, units = t.units + excluded.units;
  INSERT INTO report_daily_products AS t (day, product_id, orders, units, revenue_paise)
    SELECT l.day, l.product_id, sign, sign * sum(l.units), sign * sum(l.revenue_paise)
    FROM report_order_lines l WHERE l.order_id = oid GROUP BY l.day, l.product_id
  ON CONFLICT (day, product_id) DO UPDATE SET orders = t.orders + excluded.orders,
    units = t.units + excluded.units, revenue_paise = t.revenue_paise + excluded.revenue_paise;
  INSERT INTO report_daily_categories AS t (day, category_id, orders, units, revenue_paise)
    SELECT l.day, l.category_id, sign, sign * sum(l.units), sign * sum(l.revenue_paise)
    FROM report_order_lines l WHERE l.order_id = oid AND l.category_id IS NOT NULL GROUP BY l.day, l.category_id
  ON CONFLICT (day, category_id) DO UPDATE SET orders = t.orders + excluded.orders,
    units = t.units + excluded.units, revenue_paise = t.revenue_paise + excluded.revenue_paise;
  INSERT INTO report_daily_sizes AS t (day, product_id, size_id, units)
    SELECT l.day, l.product_id, l.size_id, sign * sum(l.units)
    FROM report_order_lines l WHERE l.order_id = oid GROUP BY l.day, l.product_id, l.size_id
  ON CONFLICT (day, product_id, size_id) DO UPDATE SET units = t.units + excluded.units;
END $$;
--> statement-breakpoint
-- Makes an order's share of the aggregates what report_sold_orders says now: what its ledger added is taken out and
-- its figures now are added. Orders are serialised by an advisory lock of the transaction, so that two transactions
-- changing one order (a payment and a move) never both add it.
CREATE FUNCTION report_apply_order(oid integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF NOT EXISTS (SELECT 1 FROM report_order_facts WHERE order_id = oid)
    AND NOT EXISTS (SELECT 1 FROM report_sold_orders WHERE order_id = oid) THEN
    RETURN;
  END IF;
  PERFORM pg_advisory_xact_lock(620001, oid);
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
-- A customer as the sales report counts one (ADR 054): the account, or for a guest the delivery phone number.
CREATE FUNCTION report_customer_key(user_id integer, address jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN user_id IS NOT NULL THEN 'u' || user_id ELSE 'p' || coalesce(address->>'phone_number', '') END
$$;
--> statement-breakpoint
-- The India's day an order row was sold on, or null when it is not sold (the view's definition, for one row).
CREATE FUNCTION report_sold_day(payment_method text, status text, created_at timestamptz, paid_at timestamptz)
RETURNS date LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN payment_method = 'online' AND paid_at IS NOT NULL
      THEN ((paid_at AT TIME ZONE 'UTC') + interval '330 minutes')::date
    WHEN payment_method = 'cod' AND status IN ('cod_confirmed', 'packed', 'shipped', 'delivered', 'returned_to_origin')
      THEN ((created_at AT TIME ZONE 'UTC') + interval '330 minutes')::date
  END
$$;
--> statement-breakpoint
-- The first day a customer's orders other than `except_id` were sold on, through the orders' user and phone indexes.
CREATE FUNCTION report_first_day(customer text, except_id integer) RETURNS date LANGUAGE plpgsql STABLE AS $$
BEGIN
  IF left(customer, 1) = 'u' THEN
    RETURN (SELECT min(report_sold_day(o.payment_method, o.status, o.created_at, o.paid_at)) FROM orders o
      WHERE o.user_id = substr(customer, 2)::integer AND o.id <> except_id);
  END IF;
  RETURN (SELECT min(report_sold_day(o.payment_method, o.status, o.created_at, o.paid_at)) FROM orders o
    WHERE o.user_id IS NULL AND o.address_snapshot->>'phone_number' = substr(customer, 2)
      AND o.id <> except_id);
END $$;
--> statement-breakpoint
-- Moves a customer's "new" mark from the day they were first sold to before the change to the day after it.
CREATE FUNCTION report_move_new_customer(customer text, before date, after date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF before IS NOT DISTINCT FROM after THEN RETURN; END IF;
  IF before IS NOT NULL THEN
    INSERT INTO report_daily_new_customers AS t (day, customers) VALUES (before, -1)
    ON CONFLICT (day) DO UPDATE SET customers = t.customers - 1;
  END IF;
  IF after IS NOT NULL THEN
    INSERT INTO report_daily_new_customers AS t (day, customers) VALUES (after, 1)
    ON CONFLICT (day) DO UPDATE SET customers = t.customers + 1;
  END IF;
END $$;
--> statement-breakpoint
-- When an order starts or stops counting, changes its day or its customer: the customers' first days again. Each
-- customer is serialised by an advisory lock, so that two of their orders sold at once see each other.
CREATE FUNCTION report_order_customers(old_row orders, new_row orders) RETURNS void LANGUAGE plpgsql AS $$
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
    PERFORM pg_advisory_xact_lock(620002, hashtext(customer));
    rest := report_first_day(customer, id);
    PERFORM report_move_new_customer(customer,
      CASE WHEN old_key = customer THEN least(rest, old_day) ELSE rest END,
      CASE WHEN new_key = customer THEN least(rest, new_day) ELSE rest END);
  END LOOP;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_orders_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM report_order_customers(NULL, NEW);
    PERFORM report_apply_order(NEW.id);
  ELSIF TG_OP = 'UPDATE' THEN
    PERFORM report_order_customers(OLD, NEW);
    PERFORM report_apply_order(NEW.id);
    IF OLD.id <> NEW.id THEN PERFORM report_apply_order(OLD.id); END IF;
  ELSE
    PERFORM report_order_customers(OLD, NULL);
    PERFORM report_apply_order(OLD.id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_orders_changed AFTER INSERT OR DELETE OR UPDATE OF status, payment_method, paid_at, created_at,
  total_paise, items_total_paise, discount_paise, prepaid_discount_paise, user_id, address_snapshot ON orders
  FOR EACH ROW EXECUTE FUNCTION report_orders_changed();
--> statement-breakpoint
CREATE FUNCTION report_lines_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'DELETE' THEN PERFORM report_apply_order(NEW.order_id); END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.order_id <> NEW.order_id) THEN
    PERFORM report_apply_order(OLD.order_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_order_items_changed AFTER INSERT OR DELETE OR UPDATE OF order_id, product_id, size_id, quantity,
  line_total_paise ON order_items FOR EACH ROW EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
-- A payment changes an online order's paid_by only when it starts or stops being its paying payment (failed or
-- refused, or its method): a refund's status does not fire this.
CREATE TRIGGER report_payments_inserted AFTER INSERT ON payments FOR EACH ROW
  WHEN (NEW.status <> 'failed' AND NEW.refusal_reason IS NULL) EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_payments_changed AFTER UPDATE OF status, refusal_reason, method, created_at, order_id ON payments
  FOR EACH ROW WHEN ((OLD.status = 'failed') IS DISTINCT FROM (NEW.status = 'failed')
    OR OLD.refusal_reason IS DISTINCT FROM NEW.refusal_reason OR OLD.method IS DISTINCT FROM NEW.method
    OR OLD.created_at IS DISTINCT FROM NEW.created_at OR OLD.order_id IS DISTINCT FROM NEW.order_id)
  EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
CREATE TRIGGER report_payments_deleted AFTER DELETE ON payments FOR EACH ROW EXECUTE FUNCTION report_lines_changed();
--> statement-breakpoint
-- A product moved to another category: its sold orders count under the new one (the report groups by the category now).
CREATE FUNCTION report_product_recategorised() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  oid integer;
BEGIN
  FOR oid IN SELECT DISTINCT order_id FROM report_order_lines WHERE product_id = NEW.id LOOP
    PERFORM report_apply_order(oid);
  END LOOP;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_product_recategorised AFTER UPDATE OF category_id ON products FOR EACH ROW
  WHEN (OLD.category_id IS DISTINCT FROM NEW.category_id) EXECUTE FUNCTION report_product_recategorised();
--> statement-breakpoint
-- Makes every aggregate again from the orders, set by set (the backfill below, and npm run reports:rebuild).
CREATE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_order_facts; DELETE FROM report_order_lines; DELETE FROM report_daily_sales;
  DELETE FROM report_daily_products; DELETE FROM report_daily_categories; DELETE FROM report_daily_sizes;
  DELETE FROM report_daily_new_customers;
  INSERT INTO report_order_facts (order_id, day, payment_method, paid_by, total_paise, units)
    SELECT order_id, day, payment_method, paid_by, total_paise, units FROM report_sold_orders;
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
END $$;
--> statement-breakpoint
SELECT report_rebuild();
