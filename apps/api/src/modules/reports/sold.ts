import { type SQL, sql } from '@kapaas/db';
import { at, type Span } from './period';

/*
 * The reports' definition of a sold order, for the queries that still read the orders (customers, coupons). The
 * daily aggregates (ADR 062) are kept from the same definition written in SQL, the view report_sold_orders of
 * migration 0044; aggregates.test.ts checks the two agree after random moves of orders.
 */

/**
 * The statuses in which a cash-on-delivery order counts as sold (ADR 054): confirmed, and not cancelled before it
 * left. One returned to origin stays sold; the credit note its return issues takes its money back out.
 */
export const COD_SOLD_STATUSES = ['cod_confirmed', 'packed', 'shipped', 'delivered', 'returned_to_origin'] as const;

const codSold = sql.raw(COD_SOLD_STATUSES.map((status) => `'${status}'`).join(', '));

/**
 * When an order was sold, as every report counts it (ADR 054): an online order when it was paid; a cash-on-delivery
 * order when it was placed, once confirmed (the contract's "placed and confirmed").
 */
export const SOLD_AT = sql.raw(`CASE WHEN o.payment_method = 'cod' THEN o.created_at ELSE o.paid_at END`);

/** Whether the order `o` was sold in the span: written as two ranges so each uses its own index (ADR 054). */
export function soldWithin(span: Span): SQL {
  return sql`((o.payment_method = 'online' AND o.paid_at >= ${at(span.from)} AND o.paid_at < ${at(span.to)})
    OR (o.payment_method = 'cod' AND o.status IN (${codSold})
      AND o.created_at >= ${at(span.from)} AND o.created_at < ${at(span.to)}))`;
}

/**
 * The orders sold in a span, as a subquery: each with its amounts, coupon code, delivery phone and state, zone and
 * the moment it was sold (`sold_at`).
 */
export function soldOrders(span: Span): SQL {
  return sql`SELECT o.id, o.user_id, o.total_paise, o.items_total_paise, o.discount_paise, o.prepaid_discount_paise,
      o.payment_method, o.status, o.coupon_snapshot->>'code' AS coupon_code,
      o.address_snapshot->>'phone_number' AS phone, ${SOLD_AT} AS sold_at
    FROM orders o WHERE ${soldWithin(span)}`;
}
