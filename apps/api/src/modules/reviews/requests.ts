import { type Database, reviewRequests, shopSettings, sql } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { queueMail } from '../mail';

/** How many orders one pass asks about at most; the next pass takes the rest. */
const BATCH = 50;
/** An order delivered longer ago than this is not asked about any more. */
export const REVIEW_REQUEST_LAST_DAY = 30;
const DAY_MS = 86_400_000;

/**
 * Orders to ask about: delivered between `review_request_days` and 30 days ago (the time of their
 * 'delivered' event), not asked about yet, with the products of their lines the shopper has not
 * reviewed yet (by account, or by the guest identity that ordered).
 */
async function dueOrders(db: Database, from: Date, until: Date) {
  type Row = { order_id: number; email: string; product_ids: number[] };
  const result = await db.execute(sql`
    SELECT o.id AS order_id, o.address_snapshot->>'email_id' AS email,
           array_agg(DISTINCT i.product_id ORDER BY i.product_id) AS product_ids
    FROM orders o
    JOIN order_items i ON i.order_id = o.id
    WHERE o.status = 'delivered'
      AND NOT EXISTS (SELECT 1 FROM review_requests q WHERE q.order_id = o.id)
      AND (SELECT max(e.created_at) FROM order_events e WHERE e.order_id = o.id AND e.status = 'delivered')
          BETWEEN ${from.toISOString()} AND ${until.toISOString()}
      AND NOT EXISTS (
        SELECT 1 FROM reviews r
        WHERE r.product_id = i.product_id
          AND ((o.user_id IS NOT NULL AND r.user_id = o.user_id) OR (o.guest_id IS NOT NULL AND r.guest_id = o.guest_id)))
    GROUP BY o.id
    ORDER BY o.id
    LIMIT ${BATCH}`);
  // Both drivers answer { rows }.
  return (result as unknown as { rows: Row[] }).rows;
}

/**
 * Queues the one "how was it?" message (`review_request`) of each order delivered at least the
 * shop's `review_request_days` ago and at most 30 days ago, linking to each product not reviewed
 * yet. The order is marked in review_requests in the same transaction, so several processes and
 * passes ask once. Answers how many messages were queued.
 */
export async function queueReviewRequests(db: Database, now = new Date()): Promise<number> {
  const [settings] = await db
    .select({ days: shopSettings.reviewRequestDays })
    .from(shopSettings)
    .where(eq(shopSettings.id, 1));
  const until = new Date(now.getTime() - (settings?.days ?? 7) * DAY_MS);
  const from = new Date(now.getTime() - REVIEW_REQUEST_LAST_DAY * DAY_MS);
  let queued = 0;
  for (const order of await dueOrders(db, from, until)) {
    const sent = await db.transaction(async (tx) => {
      const marked = await tx
        .insert(reviewRequests)
        .values({ orderId: order.order_id, queuedAt: now })
        .onConflictDoNothing()
        .returning({ orderId: reviewRequests.orderId });
      if (marked.length === 0 || !order.email) return false;
      return queueMail(tx, {
        kind: 'review_request',
        key: `review-request:${order.order_id}`,
        to: order.email,
        payload: { order_id: order.order_id, product_ids: order.product_ids.map(Number) },
      });
    });
    if (sent) queued += 1;
  }
  return queued;
}
