import { type Queryable, sql } from '@kapaas/db';
import { inList, type PersonKeys, rowsOf } from '../../lib/person';

/**
 * An invoice of this value or more to an unregistered buyer must carry the buyer's name and address (CGST Rules,
 * Rule 46(e)); below it, the place of supply (state) is what the law asks. Erasure keeps what the invoice must
 * carry, for the 72 months GST law keeps it.
 */
export const NAMED_INVOICE_PAISE = 5_000_000;

/** The person's orders (by account or guest), with their status and what the delivery address's state was. */
export async function ordersOfPerson(db: Queryable, person: PersonKeys) {
  return rowsOf<{ id: number; status: string; state: string; total_paise: number }>(
    await db.execute(sql`
      SELECT id, status, address_snapshot->>'state' AS state, total_paise FROM orders
      WHERE user_id = ${person.userId} OR guest_id IN ${inList(person.guestIds)}
      ORDER BY id`),
  );
}

/**
 * Anonymises the delivery address each order keeps (issue 35, the registry's orders.address_snapshot): the
 * e-mail and phone go; the state, city and PIN code stay as the invoice's place of supply; the name and street
 * stay only on an order of NAMED_INVOICE_PAISE or more, whose invoice must name the buyer (Rule 46(e)).
 */
export async function anonymiseOrdersOf(tx: Queryable, orderIds: readonly number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await tx.execute(sql`
    UPDATE orders SET address_snapshot = address_snapshot || jsonb_build_object('email_id', '', 'phone_number', ''),
      updated_at = now()
    WHERE id IN ${inList(orderIds)}`);
  await tx.execute(sql`
    UPDATE orders SET address_snapshot = address_snapshot
      || jsonb_build_object('first_name', 'Erased shopper', 'last_name', '', 'address', '')
    WHERE id IN ${inList(orderIds)} AND total_paise < ${NAMED_INVOICE_PAISE}`);
}
