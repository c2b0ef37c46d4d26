import { type Queryable, sql } from '@kapaas/db';
import { inList, rowsOf } from '../../lib/person';

/** Whether a return of these orders is still under way (asked, approved, received, or its exchange on the way). */
export async function openReturnsOf(db: Queryable, orderIds: readonly number[]) {
  if (orderIds.length === 0) return [];
  return rowsOf<{ id: number; order_id: number; status: string }>(
    await db.execute(sql`
      SELECT id, order_id, status FROM return_requests
      WHERE order_id IN ${inList(orderIds)} AND status IN ('requested', 'approved', 'received', 'exchange_shipped')
      ORDER BY id`),
  );
}

/**
 * The returns of erased orders (issue 35): the shopper's own words on each line go, and the photos (their files
 * go with the photos module's rows); the shop's words and the amounts stay with the credit notes.
 */
export async function anonymiseReturnsOf(tx: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`UPDATE return_requests SET photos = '{}' WHERE order_id IN ${inList(orderIds)}`);
  await tx.execute(sql`
    UPDATE return_lines SET note = NULL
    WHERE return_id IN (SELECT id FROM return_requests WHERE order_id IN ${inList(orderIds)})`);
}
