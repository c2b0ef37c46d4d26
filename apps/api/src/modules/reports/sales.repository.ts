import { type Queryable, sql } from '@kapaas/db';
import { rowsOf } from '../../lib/person';
import { at, dayText, istDay, onDaysOf, type Span } from './period';
import { inTurn } from './reading';

/** One of India's days of sales: orders sold, their totals and units, and the credit notes issued that day. */
export interface SalesDay {
  day: string;
  orders: number;
  grossPaise: number;
  units: number;
  creditsPaise: number;
}

/**
 * The orders sold on each day of the span with their totals and units (one row per day with any), from the daily
 * aggregates the order process keeps (ADR 062).
 */
async function soldByDay(db: Queryable, span: Span) {
  const rows = rowsOf<{ day: string; orders: number; gross: string; units: string }>(
    await db.execute(sql`
      SELECT ${dayText(sql`d.day`)} AS day, sum(d.orders)::int AS orders, sum(d.gross_paise)::bigint AS gross,
        sum(d.units)::bigint AS units
      FROM report_daily_sales d
      WHERE ${onDaysOf(sql`d.day`, span)}
      GROUP BY d.day HAVING sum(d.orders) > 0`),
  );
  return rows.map((row) => ({
    day: row.day,
    orders: row.orders,
    grossPaise: Number(row.gross),
    units: Number(row.units),
  }));
}

/**
 * The credit notes issued on each day of the span: every refund, cancellation of a paid order and cash-on-delivery
 * parcel returned to origin issues one for exactly what it gave back (ADR 032), so they are the period's refunds.
 */
async function creditsByDay(db: Queryable, span: Span) {
  const rows = rowsOf<{ day: string; credits: string }>(
    await db.execute(sql`
      SELECT ${dayText(istDay(sql`c.issued_at`))} AS day, sum(c.amount_paise)::bigint AS credits
      FROM credit_notes c
      WHERE c.issued_at >= ${at(span.from)} AND c.issued_at < ${at(span.to)}
      GROUP BY 1`),
  );
  return rows.map((row) => ({ day: row.day, creditsPaise: Number(row.credits) }));
}

/** The span's sales and credit notes, day by day, only the days with any (oldest first). */
export async function salesDays(db: Queryable, span: Span): Promise<SalesDay[]> {
  const [sold, credits] = await inTurn(
    () => soldByDay(db, span),
    () => creditsByDay(db, span),
  );
  const days = new Map<string, SalesDay>();
  const dayOf = (day: string) => {
    const found = days.get(day) ?? { day, orders: 0, grossPaise: 0, units: 0, creditsPaise: 0 };
    days.set(day, found);
    return found;
  };
  for (const row of sold) Object.assign(dayOf(row.day), row);
  for (const row of credits) dayOf(row.day).creditsPaise = row.creditsPaise;
  return [...days.values()].sort((a, b) => a.day.localeCompare(b.day));
}

/**
 * The span's customers, new and returning (ADR 054): a customer is the account, or for a guest the delivery phone
 * number; new when none of their orders was sold before the span. The customers are the distinct customer hashes of
 * the span's sold orders in the ledger (ADR 062, third pass: one narrow row per sold order, not the orders
 * themselves); the new ones are those whose first sale fell on one of its days, which the aggregates keep per day, so
 * no customer's history is looked up here.
 */
export async function customerCounts(db: Queryable, span: Span): Promise<{ fresh: number; returning: number }> {
  const [row] = rowsOf<{ customers: number; fresh: number }>(
    await db.execute(sql`
      SELECT (SELECT count(DISTINCT f.customer_hash) FROM report_order_facts f
          WHERE ${onDaysOf(sql`f.day`, span)})::int AS customers,
        (SELECT coalesce(sum(n.customers), 0) FROM report_daily_new_customers n
          WHERE ${onDaysOf(sql`n.day`, span)})::int AS fresh`),
  );
  const customers = row?.customers ?? 0;
  const fresh = row?.fresh ?? 0;
  return { fresh, returning: customers - fresh };
}
