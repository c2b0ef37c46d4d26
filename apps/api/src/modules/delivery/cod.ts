import type { Queryable } from '@kapaas/db';
import type { Owner } from '../../lib/owner';
import { formatRupees } from '../coupons';
import { returnedToOriginSince } from '../orders';
import type { DeliveryTerms } from './delivery.repository';
import { codOfferedAt } from './delivery.service';

/** How long a parcel returned to origin keeps its shopper to online payment (ADR 033). */
export const RTO_BLOCK_DAYS = 90;

/** The shop's cash-on-delivery rules, from its settings. */
export type CodTerms = DeliveryTerms;

/** What is known of an order when cash on delivery is judged. */
export interface CodCase {
  owner: Owner;
  pin: string;
  phone: string;
  /** The value of the items after the coupon, in paise: what the limits are set against; undefined leaves them out. */
  orderValuePaise?: number | undefined;
  now: Date;
}

/**
 * Why cash on delivery cannot be chosen for this order, in the shopper's words, or null when every rule allows it:
 * the shop offers it, the PIN code is not excluded (alone or by prefix), the order value lies within the limits, and
 * no parcel of this shopper (account, guest or phone number) came back to the shop in the last 90 days.
 */
export async function codRefusal(db: Queryable, terms: CodTerms, order: CodCase): Promise<string | null> {
  if (!terms.codEnabled) return 'This shop does not offer cash on delivery.';
  if (!codOfferedAt(order.pin, terms)) return `Cash on delivery is not available at PIN code ${order.pin}.`;
  const refusal = order.orderValuePaise === undefined ? null : codLimitRefusal(terms, order.orderValuePaise);
  if (refusal) return refusal;
  const since = new Date(order.now.getTime() - RTO_BLOCK_DAYS * 86_400_000);
  if (await returnedToOriginSince(db, order.owner, order.phone, since)) {
    return 'Cash on delivery is not available for this order, as an earlier parcel came back to us unaccepted. Please pay online.';
  }
  return null;
}

/** Why the order value is outside the cash-on-delivery limits, or null. */
export function codLimitRefusal(
  terms: Pick<CodTerms, 'codMinOrderPaise' | 'codMaxOrderPaise'>,
  orderValuePaise: number,
): string | null {
  if (orderValuePaise < terms.codMinOrderPaise) {
    return `Cash on delivery is available on orders of ${formatRupees(terms.codMinOrderPaise)} or more.`;
  }
  if (orderValuePaise > terms.codMaxOrderPaise) {
    return `Cash on delivery is available on orders up to ${formatRupees(terms.codMaxOrderPaise)}. Please pay online.`;
  }
  return null;
}
