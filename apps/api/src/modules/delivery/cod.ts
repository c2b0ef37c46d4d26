import { formatPaise } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import type { Owner } from '../../lib/owner';
import { type CodSharedKey, lockCodShopper, openCodOrdersOf, placedBefore, returnedToOriginSince } from '../orders';
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
  /** The street line of the delivery address: with the PIN code, the address open COD orders are counted at. */
  address: string;
  /** The value of the items after the coupon, in paise: what the limits are set against; undefined leaves them out. */
  orderValuePaise?: number | undefined;
  now: Date;
}

/**
 * Why cash on delivery cannot be chosen for this order, in the shopper's words, or null when every rule allows it:
 * the shop offers it, the PIN code is not excluded (alone or by prefix), the order value lies within the limits, no
 * parcel of this shopper (account, guest or phone number) came back to the shop in the last 90 days, and neither the
 * shopper, the phone number nor the delivery address already holds as many COD orders not yet shipped as the shop
 * allows (cod_max_open_orders). A placement calls `lockCodCase` first, in its transaction, so that the count holds.
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
  return openOrdersRefusal(db, terms.codMaxOpenOrders, order);
}

/** Who holds the open orders, as the shopper reads it. */
const HOLDER: Record<CodSharedKey, (n: number) => string> = {
  shopper: (n) => `You already have ${n}`,
  phone: (n) => `This phone number already has ${n}`,
  address: (n) => `This delivery address already has ${n}`,
};

/** Why the shopper, the phone number or the address cannot take one more open COD order, or null. */
async function openOrdersRefusal(db: Queryable, max: number, order: CodCase): Promise<string | null> {
  const open = await openCodOrdersOf(db, order);
  for (const key of ['shopper', 'phone', 'address'] as const) {
    const held = open.filter((other) => other.shared.includes(key)).length;
    if (held >= max) {
      return `${HOLDER[key](held)} cash-on-delivery orders that have not shipped yet, as many as we take at once. Please pay online, or choose cash on delivery again once one of them has shipped.`;
    }
  }
  return null;
}

/**
 * Serialises the cash-on-delivery placements of one shopper, phone number or delivery address until the transaction
 * ends, so that two at once cannot both pass the open-order limit. Called in the placing transaction before
 * `codRefusal`, and before any other lock the placement takes after it (the coupon's, the stock's).
 */
export async function lockCodCase(tx: Queryable, order: CodCase): Promise<void> {
  await lockCodShopper(tx, order);
}

/**
 * The advance a cash-on-delivery order pays online at placement (issue 34), in paise: the shop's `cod_advance_amount`
 * (at most `totalPaise`) when `cod_advance_for` is `all`, or `first_order` and this shopper (the account or guest, the
 * phone number or the e-mail, as `placedBefore` knows them) never placed an order; else 0.
 */
export async function codAdvanceOf(
  db: Queryable,
  terms: Pick<CodTerms, 'codAdvancePaise' | 'codAdvanceFor'>,
  who: { owner: Owner; phone: string; email: string },
  totalPaise: number,
): Promise<number> {
  if (terms.codAdvancePaise <= 0 || terms.codAdvanceFor === 'none') return 0;
  if (terms.codAdvanceFor === 'first_order' && (await placedBefore(db, who))) return 0;
  return Math.min(terms.codAdvancePaise, totalPaise);
}

/** Why the order value is outside the cash-on-delivery limits, or null. */
export function codLimitRefusal(
  terms: Pick<CodTerms, 'codMinOrderPaise' | 'codMaxOrderPaise'>,
  orderValuePaise: number,
): string | null {
  if (orderValuePaise < terms.codMinOrderPaise) {
    return `Cash on delivery is available on orders of ${formatPaise(terms.codMinOrderPaise)} or more.`;
  }
  if (orderValuePaise > terms.codMaxOrderPaise) {
    return `Cash on delivery is available on orders up to ${formatPaise(terms.codMaxOrderPaise)}. Please pay online.`;
  }
  return null;
}
