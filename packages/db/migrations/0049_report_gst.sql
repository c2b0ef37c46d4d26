CREATE TABLE "report_daily_gst" (
	"day" date PRIMARY KEY NOT NULL,
	"taxable_paise" bigint DEFAULT 0 NOT NULL,
	"cgst_paise" bigint DEFAULT 0 NOT NULL,
	"sgst_paise" bigint DEFAULT 0 NOT NULL,
	"igst_paise" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "report_gst_facts" (
	"document" text NOT NULL,
	"document_id" integer NOT NULL,
	"day" date NOT NULL,
	"taxable_paise" bigint NOT NULL,
	"cgst_paise" bigint NOT NULL,
	"sgst_paise" bigint NOT NULL,
	"igst_paise" bigint NOT NULL,
	CONSTRAINT "report_gst_facts_document_document_id_pk" PRIMARY KEY("document","document_id")
);
--> statement-breakpoint
-- The tax report's GST by day (ADR 062, second pass): each tax invoice's lines and each credit note's, with the GST
-- report's own joins (the tax module's gst-report.ts: an invoice counts through its order's stored tax, a credit note
-- through its invoice's), summed per document on India's day of issue. A credit note's sums are negative.
CREATE VIEW report_gst_invoices AS
SELECT ti.id AS document_id, ((ti.issued_at AT TIME ZONE 'UTC') + interval '330 minutes')::date AS day,
  sum(l.taxable_paise)::bigint AS taxable_paise, sum(l.cgst_paise)::bigint AS cgst_paise,
  sum(l.sgst_paise + l.utgst_paise)::bigint AS sgst_paise, sum(l.igst_paise)::bigint AS igst_paise
FROM tax_invoices ti JOIN orders o ON o.id = ti.order_id JOIN order_taxes ot ON ot.order_id = ti.order_id
  JOIN order_tax_lines l ON l.order_id = ti.order_id
GROUP BY ti.id;
--> statement-breakpoint
CREATE VIEW report_gst_credits AS
SELECT c.id AS document_id, ((c.issued_at AT TIME ZONE 'UTC') + interval '330 minutes')::date AS day,
  -sum(l.taxable_paise)::bigint AS taxable_paise, -sum(l.cgst_paise)::bigint AS cgst_paise,
  -sum(l.sgst_paise + l.utgst_paise)::bigint AS sgst_paise, -sum(l.igst_paise)::bigint AS igst_paise
FROM credit_notes c JOIN credit_note_lines l ON l.credit_note_id = c.id JOIN tax_invoices ti ON ti.id = c.invoice_id
  JOIN order_taxes ot ON ot.order_id = ti.order_id
GROUP BY c.id;
--> statement-breakpoint
-- Adds (sign 1) or takes out (sign -1) what a document's ledger row says to its day.
CREATE FUNCTION report_add_gst(doc text, did integer, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO report_daily_gst AS t (day, taxable_paise, cgst_paise, sgst_paise, igst_paise)
    SELECT f.day, sign * f.taxable_paise, sign * f.cgst_paise, sign * f.sgst_paise, sign * f.igst_paise
    FROM report_gst_facts f WHERE f.document = doc AND f.document_id = did
  ON CONFLICT (day) DO UPDATE SET taxable_paise = t.taxable_paise + excluded.taxable_paise,
    cgst_paise = t.cgst_paise + excluded.cgst_paise, sgst_paise = t.sgst_paise + excluded.sgst_paise,
    igst_paise = t.igst_paise + excluded.igst_paise;
END $$;
--> statement-breakpoint
-- Makes a document's share of report_daily_gst what the views say now, as report_apply_order does for an order. The
-- document's own row is locked first (NO KEY UPDATE, which a credit note's foreign key to its invoice does not wait
-- for), so two transactions applying one document never both add it.
CREATE FUNCTION report_apply_gst(doc text, did integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF doc = 'invoice' THEN
    PERFORM 1 FROM tax_invoices WHERE id = did FOR NO KEY UPDATE;
  ELSE
    PERFORM 1 FROM credit_notes WHERE id = did FOR NO KEY UPDATE;
  END IF;
  PERFORM report_add_gst(doc, did, -1);
  DELETE FROM report_gst_facts WHERE document = doc AND document_id = did;
  IF doc = 'invoice' THEN
    INSERT INTO report_gst_facts (document, document_id, day, taxable_paise, cgst_paise, sgst_paise, igst_paise)
      SELECT 'invoice', document_id, day, taxable_paise, cgst_paise, sgst_paise, igst_paise
      FROM report_gst_invoices WHERE document_id = did;
  ELSE
    INSERT INTO report_gst_facts (document, document_id, day, taxable_paise, cgst_paise, sgst_paise, igst_paise)
      SELECT 'credit', document_id, day, taxable_paise, cgst_paise, sgst_paise, igst_paise
      FROM report_gst_credits WHERE document_id = did;
  END IF;
  PERFORM report_add_gst(doc, did, 1);
END $$;
--> statement-breakpoint
-- An order's invoice and that invoice's credit notes, applied again: its stored tax or its lines changed.
CREATE FUNCTION report_apply_order_gst(oid integer, with_credits boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  iid integer;
  cid integer;
BEGIN
  SELECT id INTO iid FROM tax_invoices WHERE order_id = oid;
  IF iid IS NULL THEN RETURN; END IF;
  PERFORM report_apply_gst('invoice', iid);
  IF with_credits THEN
    FOR cid IN SELECT id FROM credit_notes WHERE invoice_id = iid LOOP
      PERFORM report_apply_gst('credit', cid);
    END LOOP;
  END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION report_invoices_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cid integer;
BEGIN
  PERFORM report_apply_gst('invoice', coalesce(NEW.id, OLD.id));
  IF TG_OP = 'UPDATE' AND OLD.id <> NEW.id THEN PERFORM report_apply_gst('invoice', OLD.id); END IF;
  -- A credit note counts through its invoice's order: moved to another order, its notes follow.
  IF TG_OP = 'UPDATE' AND OLD.order_id <> NEW.order_id THEN
    FOR cid IN SELECT id FROM credit_notes WHERE invoice_id = NEW.id LOOP
      PERFORM report_apply_gst('credit', cid);
    END LOOP;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_invoices_changed AFTER INSERT OR DELETE OR UPDATE OF id, order_id, issued_at ON tax_invoices
  FOR EACH ROW EXECUTE FUNCTION report_invoices_changed();
--> statement-breakpoint
CREATE FUNCTION report_order_tax_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The stored tax's head decides whether the invoice and its credit notes count; a line, only the invoice's sums.
  IF TG_OP <> 'DELETE' THEN PERFORM report_apply_order_gst(NEW.order_id, TG_TABLE_NAME = 'order_taxes'); END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.order_id <> NEW.order_id) THEN
    PERFORM report_apply_order_gst(OLD.order_id, TG_TABLE_NAME = 'order_taxes');
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_order_taxes_changed AFTER INSERT OR DELETE OR UPDATE OF order_id ON order_taxes
  FOR EACH ROW EXECUTE FUNCTION report_order_tax_changed();
--> statement-breakpoint
CREATE TRIGGER report_order_tax_lines_changed AFTER INSERT OR DELETE OR UPDATE OF order_id, taxable_paise, cgst_paise,
  sgst_paise, utgst_paise, igst_paise ON order_tax_lines FOR EACH ROW EXECUTE FUNCTION report_order_tax_changed();
--> statement-breakpoint
CREATE FUNCTION report_credits_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- credit_notes' own row, or a line's note.
  IF TG_TABLE_NAME = 'credit_notes' THEN
    PERFORM report_apply_gst('credit', coalesce(NEW.id, OLD.id));
    IF TG_OP = 'UPDATE' AND OLD.id <> NEW.id THEN PERFORM report_apply_gst('credit', OLD.id); END IF;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM report_apply_gst('credit', NEW.credit_note_id); END IF;
  IF TG_OP <> 'INSERT' AND (TG_OP = 'DELETE' OR OLD.credit_note_id <> NEW.credit_note_id) THEN
    PERFORM report_apply_gst('credit', OLD.credit_note_id);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER report_credit_notes_changed AFTER INSERT OR DELETE OR UPDATE OF id, invoice_id, issued_at ON credit_notes
  FOR EACH ROW EXECUTE FUNCTION report_credits_changed();
--> statement-breakpoint
CREATE TRIGGER report_credit_note_lines_changed AFTER INSERT OR DELETE OR UPDATE OF credit_note_id, taxable_paise,
  cgst_paise, sgst_paise, utgst_paise, igst_paise ON credit_note_lines FOR EACH ROW
  EXECUTE FUNCTION report_credits_changed();
--> statement-breakpoint
-- The GST tables made again from the documents, set by set: the backfill below, and report_rebuild().
CREATE FUNCTION report_rebuild_gst() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM report_gst_facts; DELETE FROM report_daily_gst;
  INSERT INTO report_gst_facts (document, document_id, day, taxable_paise, cgst_paise, sgst_paise, igst_paise)
    SELECT 'invoice', document_id, day, taxable_paise, cgst_paise, sgst_paise, igst_paise FROM report_gst_invoices
    UNION ALL SELECT 'credit', document_id, day, taxable_paise, cgst_paise, sgst_paise, igst_paise FROM report_gst_credits;
  INSERT INTO report_daily_gst (day, taxable_paise, cgst_paise, sgst_paise, igst_paise)
    SELECT day, sum(taxable_paise), sum(cgst_paise), sum(sgst_paise), sum(igst_paise) FROM report_gst_facts GROUP BY day;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION report_rebuild() RETURNS void LANGUAGE plpgsql AS $$
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
  PERFORM report_rebuild_gst();
END $$;
--> statement-breakpoint
SELECT report_rebuild_gst();
