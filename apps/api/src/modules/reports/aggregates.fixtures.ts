import { type Queryable, sql } from '@kapaas/db';
import { rowsOf } from '../../lib/person';
import { dayText, istDay, spanOf } from './period';
import { soldOrders } from './sold';

/**
 * The daily aggregates (ADR 062) set beside the same figures computed from the orders themselves with the reports'
 * own definition of a sold order (sold.ts), for the tests: each answers sorted rows of text, aggregates without their
 * all-zero rows (a day whose orders were all taken back out keeps a row of zeros).
 */
const EVER = spanOf('2000-01-01', '2999-12-31');

const sold = () => sql`SELECT s.*, ${dayText(istDay(sql`s.sold_at`))} AS day,
    coalesce(CASE WHEN s.payment_method = 'online' THEN (SELECT p.method FROM payments p WHERE p.order_id = s.id
      AND p.status <> 'failed' AND p.refusal_reason IS NULL ORDER BY p.created_at, p.id LIMIT 1) END, '') AS paid_by
  FROM (${soldOrders(EVER)}) s`;

/** The line's revenue after the order's discounts, rounded per line, as ADR 054 defines it. */
const LINE_REVENUE = sql.raw(`round(i.line_total_paise::numeric
  * (s.items_total_paise - s.discount_paise - s.prepaid_discount_paise) / nullif(s.items_total_paise, 0))`);

async function lines(db: Queryable, query: ReturnType<typeof sql>): Promise<string[]> {
  return rowsOf<{ line: string }>(await db.execute(query))
    .map((row) => row.line)
    .sort();
}

/** The sales per day and way of paying: from the orders, and from report_daily_sales. */
export async function dailySales(db: Queryable) {
  const raw = await lines(
    db,
    sql`SELECT concat_ws(' ', s.day, s.payment_method, s.paid_by, count(*), sum(s.total_paise),
        coalesce(sum((SELECT sum(i.quantity) FROM order_items i WHERE i.order_id = s.id)), 0)) AS line
      FROM (${sold()}) s GROUP BY s.day, s.payment_method, s.paid_by`,
  );
  const kept = await lines(
    db,
    sql`SELECT concat_ws(' ', to_char(day, 'YYYY-MM-DD'), payment_method, paid_by, orders, gross_paise, units) AS line
      FROM report_daily_sales WHERE orders <> 0 OR gross_paise <> 0 OR units <> 0`,
  );
  return { raw, kept };
}

/** Per day and product, per day and category (now), per day, product and size: from the lines, and as kept. */
export async function dailyLines(db: Queryable) {
  const from = sql`FROM (${sold()}) s JOIN order_items i ON i.order_id = s.id JOIN products p ON p.id = i.product_id`;
  const raw = await lines(
    db,
    sql`SELECT concat_ws(' ', 'p', s.day, i.product_id, count(DISTINCT s.id), sum(i.quantity),
        coalesce(sum(${LINE_REVENUE}), 0)) AS line ${from} GROUP BY s.day, i.product_id
      UNION ALL SELECT concat_ws(' ', 'c', s.day, p.category_id, count(DISTINCT s.id), sum(i.quantity),
        coalesce(sum(${LINE_REVENUE}), 0)) ${from} WHERE p.category_id IS NOT NULL GROUP BY s.day, p.category_id
      UNION ALL SELECT concat_ws(' ', 's', s.day, i.product_id, i.size_id, sum(i.quantity)) ${from}
        GROUP BY s.day, i.product_id, i.size_id`,
  );
  const day = sql.raw(`to_char(day, 'YYYY-MM-DD')`);
  const kept = await lines(
    db,
    sql`SELECT concat_ws(' ', 'p', ${day}, product_id, orders, units, revenue_paise) AS line FROM report_daily_products
        WHERE orders <> 0 OR units <> 0 OR revenue_paise <> 0
      UNION ALL SELECT concat_ws(' ', 'c', ${day}, category_id, orders, units, revenue_paise)
        FROM report_daily_categories WHERE orders <> 0 OR units <> 0 OR revenue_paise <> 0
      UNION ALL SELECT concat_ws(' ', 's', ${day}, product_id, size_id, units) FROM report_daily_sizes WHERE units <> 0`,
  );
  return { raw, kept };
}

/** The customers first sold on each day (a customer: the account, or a guest's delivery phone): computed, and kept. */
export async function dailyNewCustomers(db: Queryable) {
  const raw = await lines(
    db,
    sql`SELECT concat_ws(' ', first_day, count(*)) AS line FROM (
        SELECT min(s.day) AS first_day FROM (${sold()}) s
        GROUP BY s.user_id, CASE WHEN s.user_id IS NULL THEN s.phone END) c
      GROUP BY first_day`,
  );
  const kept = await lines(
    db,
    sql`SELECT concat_ws(' ', to_char(day, 'YYYY-MM-DD'), customers) AS line FROM report_daily_new_customers
      WHERE customers <> 0`,
  );
  return { raw, kept };
}

/**
 * The customers sold to on each day (ADR 062, third pass): counted from the orders, and from the ledger's customer
 * hashes, whose distinct count per day must be the same (a guest whose phone an erasure cleared joins the others).
 */
export async function dailyCustomers(db: Queryable) {
  const raw = await lines(
    db,
    sql`SELECT concat_ws(' ', s.day, count(DISTINCT (s.user_id, CASE WHEN s.user_id IS NULL THEN coalesce(s.phone, '') END)))
        AS line FROM (${sold()}) s GROUP BY s.day`,
  );
  const kept = await lines(
    db,
    sql`SELECT concat_ws(' ', to_char(day, 'YYYY-MM-DD'), count(DISTINCT customer_hash)) AS line
      FROM report_order_facts GROUP BY day`,
  );
  return { raw, kept };
}

/**
 * The GST of each India's day (ADR 062, second pass): the invoices issued less the credit notes issued, with the GST
 * report's joins (the tax module's gst-report.ts), computed from the documents' lines; and as report_daily_gst keeps it.
 */
export async function dailyGst(db: Queryable) {
  const raw = await lines(
    db,
    sql`SELECT concat_ws(' ', d.day, sum(d.taxable), sum(d.cgst), sum(d.sgst), sum(d.igst)) AS line FROM (
        SELECT ${dayText(istDay(sql`ti.issued_at`))} AS day, l.taxable_paise AS taxable, l.cgst_paise AS cgst,
          l.sgst_paise + l.utgst_paise AS sgst, l.igst_paise AS igst
        FROM tax_invoices ti JOIN orders o ON o.id = ti.order_id JOIN order_taxes ot ON ot.order_id = ti.order_id
          JOIN order_tax_lines l ON l.order_id = ti.order_id
        UNION ALL SELECT ${dayText(istDay(sql`c.issued_at`))}, -l.taxable_paise, -l.cgst_paise,
          -(l.sgst_paise + l.utgst_paise), -l.igst_paise
        FROM credit_notes c JOIN credit_note_lines l ON l.credit_note_id = c.id
          JOIN tax_invoices ti ON ti.id = c.invoice_id JOIN order_taxes ot ON ot.order_id = ti.order_id) d
      GROUP BY d.day HAVING sum(d.taxable) <> 0 OR sum(d.cgst) <> 0 OR sum(d.sgst) <> 0 OR sum(d.igst) <> 0`,
  );
  const kept = await lines(
    db,
    sql`SELECT concat_ws(' ', to_char(day, 'YYYY-MM-DD'), taxable_paise, cgst_paise, sgst_paise, igst_paise) AS line
      FROM report_daily_gst WHERE taxable_paise <> 0 OR cgst_paise <> 0 OR sgst_paise <> 0 OR igst_paise <> 0`,
  );
  return { raw, kept };
}
