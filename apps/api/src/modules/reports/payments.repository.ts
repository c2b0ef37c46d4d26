import { type Queryable, sql } from '@kapaas/db';
import { rowsOf } from '../../lib/person';
import { COD_DUE_STATUSES } from '../orders';
import { at, onDaysOf, type Span } from './period';

/**
 * The span's sold orders by how they were paid: the order's method and its paying payment's method (ADR 046), from
 * the daily aggregates (ADR 062), which keep '' where there is no such method.
 */
export async function soldByMethod(db: Queryable, span: Span) {
  const rows = rowsOf<{ payment_method: 'online' | 'cod'; method: string | null; orders: number; paise: string }>(
    await db.execute(sql`
      SELECT d.payment_method, nullif(d.paid_by, '') AS method, sum(d.orders)::int AS orders,
        sum(d.gross_paise)::bigint AS paise
      FROM report_daily_sales d
      WHERE ${onDaysOf(sql`d.day`, span)}
      GROUP BY 1, 2 HAVING sum(d.orders) > 0`),
  );
  return rows.map((row) => ({
    paymentMethod: row.payment_method,
    method: row.method,
    orders: row.orders,
    paise: Number(row.paise),
  }));
}

/**
 * Cash-on-delivery orders handed to the courier in the span (their move to shipped), by delivery state and zone, and
 * how many of them are now returned to origin. The events and the orders are both read from an index alone
 * (`order_events_shipped_idx`, `orders_cod_shipments_idx` with the stored `delivery_state`: ADR 062, fourth pass).
 */
export async function codShipments(db: Queryable, span: Span) {
  const rows = rowsOf<{ state: string | null; zone: string | null; shipped: number; rto: number }>(
    await db.execute(sql`
      SELECT o.delivery_state AS state, o.shipping_zone AS zone, count(*)::int AS shipped,
        (count(*) FILTER (WHERE o.status = 'returned_to_origin'))::int AS rto
      FROM orders o
      WHERE o.payment_method = 'cod' AND o.id IN (SELECT e.order_id FROM order_events e
        WHERE e.status = 'shipped' AND e.created_at >= ${at(span.from)} AND e.created_at < ${at(span.to)})
      GROUP BY 1, 2`),
  );
  return rows;
}

const dueStatuses = sql.raw(COD_DUE_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * The cash still to come today from cash-on-delivery orders: the dashboard's figure (the total less any advance), from
 * `orders_cod_due_idx` alone.
 */
export async function codToCollect(db: Queryable): Promise<{ orders: number; paise: number }> {
  const [row] = rowsOf<{ orders: number; paise: string }>(
    await db.execute(sql`
      SELECT count(*)::int AS orders, coalesce(sum(o.total_paise - o.cod_advance_paise), 0)::bigint AS paise
      FROM orders o
      WHERE o.payment_method = 'cod' AND o.paid_at IS NULL AND o.status IN (${dueStatuses})`),
  );
  return { orders: row?.orders ?? 0, paise: Number(row?.paise ?? 0) };
}
