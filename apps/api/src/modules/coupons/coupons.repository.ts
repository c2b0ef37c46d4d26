import { and, asc, count, couponRedemptions, coupons, eq, inArray, type Queryable, sql } from '@kapaas/db';
import { type Owner, ownerColumns } from '../../lib/owner';

export type CouponRow = typeof coupons.$inferSelect;

const redeemedBy = (owner: Owner) =>
  owner.kind === 'user' ? eq(couponRedemptions.userId, owner.userId) : eq(couponRedemptions.guestId, owner.guestId);

export async function findCoupon(db: Queryable, id: number): Promise<CouponRow | undefined> {
  const [row] = await db.select().from(coupons).where(eq(coupons.id, id));
  return row;
}

/** The coupons the shop has switched on; the rules decide which of them apply. */
export async function listActiveCoupons(db: Queryable): Promise<CouponRow[]> {
  return db.select().from(coupons).where(eq(coupons.active, true)).orderBy(asc(coupons.id));
}

/** How many times the owner has redeemed each of the given coupons (absent means never). */
export async function redemptionCounts(db: Queryable, owner: Owner, couponIds: number[]): Promise<Map<number, number>> {
  if (couponIds.length === 0) return new Map();
  const rows = await db
    .select({ couponId: couponRedemptions.couponId, n: count() })
    .from(couponRedemptions)
    .where(and(inArray(couponRedemptions.couponId, couponIds), redeemedBy(owner)))
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((row) => [row.couponId, row.n]));
}

/** The coupon with its row locked until the transaction ends, so its uses are judged one order at a time. */
export async function lockCoupon(tx: Queryable, id: number): Promise<CouponRow | undefined> {
  const [row] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update');
  return row;
}

/** How many times the owner has redeemed this coupon. */
export async function redemptionsBy(db: Queryable, owner: Owner, couponId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(and(eq(couponRedemptions.couponId, couponId), redeemedBy(owner)));
  return row?.n ?? 0;
}

/** One use of a coupon by a paid order. */
export interface Redemption {
  couponId: number;
  orderId: number;
  owner: Owner;
  discountPaise: number;
}

/**
 * Counts one use of the coupon, only within its total and per-shopper limits, and records who
 * redeemed it for which order. The UPDATE takes the coupon's row lock, so concurrent settlements
 * count one after another. Returns why it could not be redeemed, or null when it was.
 */
export async function redeemCoupon(tx: Queryable, redemption: Redemption): Promise<string | null> {
  const [counted] = await tx
    .update(coupons)
    .set({ usedCount: sql`${coupons.usedCount} + 1` })
    .where(
      and(
        eq(coupons.id, redemption.couponId),
        sql`(${coupons.usageLimit} IS NULL OR ${coupons.usedCount} < ${coupons.usageLimit})`,
      ),
    )
    .returning({ perCustomerLimit: coupons.perCustomerLimit });
  if (!counted) return 'its coupon had been fully redeemed meanwhile';
  if (counted.perCustomerLimit !== null) {
    const used = await redemptionsBy(tx, redemption.owner, redemption.couponId);
    if (used >= counted.perCustomerLimit) return 'the shopper had already used its coupon as often as allowed';
  }
  await tx.insert(couponRedemptions).values({
    couponId: redemption.couponId,
    orderId: redemption.orderId,
    ...ownerColumns(redemption.owner),
    discountPaise: redemption.discountPaise,
  });
  return null;
}

/**
 * Gives back the use of the coupon an order redeemed, when the order is cancelled before it was fulfilled: its
 * redemption goes and the coupon's count goes down, so neither the coupon's total limit nor the shopper's own counts
 * an order that never happened. Answers whether there was a use to give back.
 */
export async function releaseRedemption(tx: Queryable, orderId: number): Promise<boolean> {
  const [released] = await tx
    .delete(couponRedemptions)
    .where(eq(couponRedemptions.orderId, orderId))
    .returning({ couponId: couponRedemptions.couponId });
  if (!released) return false;
  await tx
    .update(coupons)
    .set({ usedCount: sql`greatest(${coupons.usedCount} - 1, 0)` })
    .where(eq(coupons.id, released.couponId));
  return true;
}

/** A coupon's terms as the admin writes them. */
export type CouponTermsColumns = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** Adds a coupon (the admin's coupon editor); answers its id. */
export async function insertCoupon(tx: Queryable, values: CouponTermsColumns): Promise<number> {
  const [row] = await tx.insert(coupons).values(values).returning({ id: coupons.id });
  if (!row) throw new Error('coupon insert returned nothing');
  return row.id;
}

/** Changes a coupon's terms; fields left undefined keep their values. */
export async function changeCoupon(tx: Queryable, id: number, changes: Partial<CouponTermsColumns>): Promise<void> {
  await tx
    .update(coupons)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(coupons.id, id));
}

/** Deletes a coupon, or, when paid orders redeemed it, keeps it for their records and deactivates it. */
export async function removeCoupon(tx: Queryable, id: number): Promise<'deleted' | 'archived'> {
  const [used] = await tx.select({ n: count() }).from(couponRedemptions).where(eq(couponRedemptions.couponId, id));
  if ((used?.n ?? 0) > 0) {
    await changeCoupon(tx, id, { active: false });
    return 'archived';
  }
  await tx.delete(coupons).where(eq(coupons.id, id));
  return 'deleted';
}
