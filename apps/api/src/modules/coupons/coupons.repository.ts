import { and, asc, count, couponRedemptions, coupons, eq, inArray, type Queryable } from '@kapaas/db';
import type { Owner } from '../../lib/owner';

export type CouponRow = typeof coupons.$inferSelect;

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
    .where(
      and(
        inArray(couponRedemptions.couponId, couponIds),
        owner.kind === 'user'
          ? eq(couponRedemptions.userId, owner.userId)
          : eq(couponRedemptions.guestId, owner.guestId),
      ),
    )
    .groupBy(couponRedemptions.couponId);
  return new Map(rows.map((row) => [row.couponId, row.n]));
}
