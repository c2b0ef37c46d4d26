import { and, desc, eq, inArray, ne, orderEvents, orders, type Queryable, type SQL, sql } from '@kapaas/db';
import type { Owner } from '../../lib/owner';
import { COD_UNSHIPPED_STATUSES } from './lifecycle';

/*
 * Open cash-on-delivery orders (ADR 033): those not yet shipped hold pieces the shop sold at placement and money it has
 * not seen, so the shop limits how many one shopper may hold, counted three ways, because a new guest session costs
 * nothing: by the account or guest, by the phone number and by the delivery address of the order.
 */

/** Whom a cash-on-delivery order is for: the shopper, and the phone number, street line and PIN code it goes to. */
export interface CodShopper {
  owner: Owner;
  phone: string;
  address: string;
  pin: string;
}

/** What another open COD order shares with the one at hand. */
export type CodSharedKey = 'shopper' | 'phone' | 'address';

/**
 * An address as the shop compares it: its street line in lower case without spaces or punctuation, and its PIN code, so
 * that "9 Temple Road, Kaloor" and "9, temple road  kaloor" at one PIN code are one address. Worked out in SQL on both
 * sides, so that the order's snapshot and the address at hand are normalised alike.
 */
const addressKey = (line: SQL, pin: SQL) =>
  sql`(regexp_replace(lower((${line})), '[[:space:][:punct:]]+', '', 'g') || '|' || (${pin}))`;

const ownedBy = (owner: Owner) =>
  owner.kind === 'user' ? eq(orders.userId, owner.userId) : eq(orders.guestId, owner.guestId);

function sharedWith(who: CodShopper) {
  return {
    shopper: ownedBy(who.owner),
    phone: sql`${orders.addressSnapshot}->>'phone_number' = ${who.phone}`,
    address: sql`${addressKey(sql`${orders.addressSnapshot}->>'address'`, sql`${orders.addressSnapshot}->>'pin_code'`)} = ${addressKey(sql`${who.address}::text`, sql`${who.pin}::text`)}`,
  };
}

/** One open COD order of the shopper's, and what it shares with the order at hand. */
export interface OpenCodOrder {
  id: number;
  status: (typeof orders.$inferSelect)['status'];
  totalPaise: number;
  createdAt: Date;
  shared: CodSharedKey[];
}

/**
 * The cash-on-delivery orders not yet shipped that share the shopper, the phone number or the delivery address with the
 * order at hand (leaving out `exceptOrderId`, the order itself), newest first.
 */
export async function openCodOrdersOf(db: Queryable, who: CodShopper, exceptOrderId?: number): Promise<OpenCodOrder[]> {
  const shared = sharedWith(who);
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      totalPaise: orders.totalPaise,
      createdAt: orders.createdAt,
      shopper: sql<boolean>`${shared.shopper}`,
      phone: sql<boolean>`${shared.phone}`,
      address: sql<boolean>`${shared.address}`,
    })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, 'cod'),
        inArray(orders.status, [...COD_UNSHIPPED_STATUSES]),
        sql`(${shared.shopper} OR ${shared.phone} OR ${shared.address})`,
        exceptOrderId === undefined ? undefined : ne(orders.id, exceptOrderId),
      ),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    // The limit keeps each key to at most 50; this bounds a list the console shows.
    .limit(200);
  return rows.map(({ shopper, phone, address, ...order }) => ({
    ...order,
    shared: (['shopper', 'phone', 'address'] as const).filter((key) => ({ shopper, phone, address })[key]),
  }));
}

/** Statuses of an order that was only attempted, never placed: awaiting, failing or past its payment. */
const NEVER_PLACED = ['pending_payment', 'payment_failed', 'expired'] as const;

/**
 * Whether this shopper placed an order before (any status past payment: paid, a COD order taken, delivered, cancelled
 * or returned), by the account or guest, the phone number or the e-mail of its delivery address, so that a new guest
 * session is not a first order again. The COD advance's `first_order` asks it (issue 34).
 */
export async function placedBefore(
  db: Queryable,
  who: { owner: Owner; phone: string; email: string },
): Promise<boolean> {
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        sql`NOT ${inArray(orders.status, [...NEVER_PLACED])}`,
        sql`(${ownedBy(who.owner)} OR ${orders.addressSnapshot}->>'phone_number' = ${who.phone} OR lower(${orders.addressSnapshot}->>'email_id') = lower(${who.email}))`,
      ),
    )
    .limit(1);
  return row !== undefined;
}

/**
 * Holds, until the transaction ends, the right to place a COD order for this shopper, this phone number and this
 * address (transaction-scoped advisory locks), so that two placements at once cannot both count the same open orders
 * and both pass the limit. The keys are taken in one order, so placements sharing two of them cannot deadlock.
 */
export async function lockCodShopper(tx: Queryable, who: CodShopper): Promise<void> {
  const shopperKey = who.owner.kind === 'user' ? `user:${who.owner.userId}` : `guest:${who.owner.guestId}`;
  const result = await tx.execute(sql`
    SELECT hashtext(${shopperKey}) AS shopper, hashtext(${`phone:${who.phone}`}) AS phone,
           hashtext('address:' || ${addressKey(sql`${who.address}::text`, sql`${who.pin}::text`)}) AS address`);
  // Both drivers answer { rows }.
  const [row] = (result as unknown as { rows: { shopper: number; phone: number; address: number }[] }).rows;
  if (!row) throw new Error('hashtext answered nothing');
  const keys = [...new Set([row.shopper, row.phone, row.address].map(Number))].sort((a, b) => a - b);
  for (const key of keys) await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('cod-open'), ${key}::integer)`);
}

/**
 * Cash-on-delivery orders that have waited for the owner's confirmation since before `since` (since they reached
 * cod_pending_confirmation, which an order opened online reaches when Razorpay's own COD is chosen), oldest first.
 */
export async function codOrdersUnconfirmedSince(db: Queryable, since: Date, limit: number): Promise<number[]> {
  const waitingSince = db
    .select({ at: sql`max(${orderEvents.createdAt})` })
    .from(orderEvents)
    .where(and(eq(orderEvents.orderId, orders.id), eq(orderEvents.status, 'cod_pending_confirmation')));
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        eq(orders.status, 'cod_pending_confirmation'),
        eq(orders.paymentMethod, 'cod'),
        sql`(${waitingSince}) <= ${since.toISOString()}::timestamptz`,
      ),
    )
    .orderBy(orders.id)
    .limit(limit);
  return rows.map((row) => row.id);
}
