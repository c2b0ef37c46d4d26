import { type Queryable, sql } from '@kapaas/db';
import { inList } from '../../lib/person';

/**
 * The parcels of erased orders (issue 35): the courier's reasons, which may quote the shopper, are cleared and its
 * payloads reduced to status and time; the hub's location stays, being the courier's and not the shopper's.
 */
export async function anonymiseShipmentsOf(tx: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const ofOrders = sql`SELECT id FROM shipments WHERE order_id IN ${inList(orderIds)}`;
  await tx.execute(sql`UPDATE shipments SET last_reason = NULL WHERE order_id IN ${inList(orderIds)}`);
  await tx.execute(sql`
    UPDATE shipment_events SET reason = NULL,
      raw = CASE WHEN raw IS NULL THEN NULL ELSE jsonb_build_object('status', status, 'at', at) END
    WHERE shipment_id IN (${ofOrders})`);
}
