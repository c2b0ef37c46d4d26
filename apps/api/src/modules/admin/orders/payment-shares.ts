import type { AdminDashboard } from '@kapaas/contract';
import { and, codPrepayments, count, eq, gte, isNotNull, orders, type Queryable, sql } from '@kapaas/db';

/**
 * The dashboard's prepaid and cash-on-delivery shares (issue 34, item 4): of the orders placed since `since` that went
 * through (paid online, or placed with cash on delivery; not those awaiting or failing payment, as the `paid_by` table
 * counts them), how many are paid online and how many in cash, each with its share (0–1, three decimals), and how many
 * were placed as cash on delivery and then paid online: those with an offer to pay online (`cod_prepayments`, from the
 * shop's pages or a Payment Link) that moved the order to prepaid. Such an order is paid online now, so it counts in
 * the prepaid share too.
 */
export async function paymentShares(db: Queryable, since: Date): Promise<AdminDashboard['payment_shares']> {
  const placed = and(
    gte(orders.createdAt, since),
    sql`${orders.status} NOT IN ('pending_payment', 'payment_failed', 'expired')`,
  );
  const rows = await db
    .select({ method: orders.paymentMethod, count: count() })
    .from(orders)
    .where(and(placed, sql`(${orders.paymentMethod} = 'cod' OR ${orders.paidAt} IS NOT NULL)`))
    .groupBy(orders.paymentMethod);
  const [moved] = await db
    .select({ count: sql<number>`count(DISTINCT ${codPrepayments.orderId})` })
    .from(codPrepayments)
    .innerJoin(orders, eq(orders.id, codPrepayments.orderId))
    .where(and(placed, isNotNull(codPrepayments.paidAt)));
  const prepaid = Number(rows.find((row) => row.method === 'online')?.count ?? 0);
  const cod = Number(rows.find((row) => row.method === 'cod')?.count ?? 0);
  const share = (n: number) => (prepaid + cod === 0 ? 0 : Math.round((n / (prepaid + cod)) * 1000) / 1000);
  return {
    prepaid: { count: prepaid, share: share(prepaid) },
    cod: { count: cod, share: share(cod) },
    cod_moved_to_prepaid: Number(moved?.count ?? 0),
  };
}
