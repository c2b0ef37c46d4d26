import { sql } from 'drizzle-orm';
import type { Queryable } from './client';

/**
 * Makes the reports' daily aggregates again from the orders (ADR 062), for safety: the triggers of migration 0044 keep
 * them in step with every change, and this is the check of last resort, or the repair after a change made with the
 * triggers off. In one transaction that first takes SHARE locks on the tables the triggers watch, so that no order,
 * line, payment, product or GST document changes while they are summed (a checkout waits for it, a report still
 * reads); the aggregates are replaced whole, never half made. Answers the orders now counted.
 */
export async function rebuildReportAggregates(db: Queryable): Promise<{ orders: number }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`LOCK TABLE orders, order_items, payments, products, tax_invoices, order_taxes, order_tax_lines,
      credit_notes, credit_note_lines IN SHARE MODE`);
    await tx.execute(sql`SELECT report_rebuild()`);
    const result = await tx.execute(sql`SELECT count(*)::int AS orders FROM report_order_facts`);
    const [row] = (result as unknown as { rows: { orders: number }[] }).rows;
    return { orders: row?.orders ?? 0 };
  });
}
