import { type Queryable, sql } from '@kapaas/db';
import { inList } from '../../lib/person';

/**
 * The payments of erased orders (issue 35, the registry's payments, payment_events and cod_prepayments): the UPI id
 * and the card's last four digits go, as do the payer's e-mail, phone, UPI id and card in the provider's webhooks
 * and the link to the shopper's payment page; the method, bank, wallet and card network stay with the invoice.
 */
export async function anonymisePaymentsOf(tx: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  const orders = inList(orderIds);
  await tx.execute(sql`UPDATE payments SET vpa = NULL, card_last4 = NULL WHERE order_id IN ${orders}`);
  await tx.execute(sql`
    UPDATE payment_events
    SET payload = jsonb_set(payload, '{payload,payment,entity}',
      (payload #> '{payload,payment,entity}') - 'email' - 'contact' - 'vpa' - 'card' - 'card_id')
    WHERE order_id IN ${orders} AND payload #> '{payload,payment,entity}' IS NOT NULL`);
  await tx.execute(sql`UPDATE cod_prepayments SET short_url = NULL WHERE order_id IN ${orders}`);
}
