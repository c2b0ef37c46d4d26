import type { Database } from '@kapaas/db';
import { sql } from 'drizzle-orm';
import { shopToday, startOfShopDay } from '../../lib/shop-day';
import { isQueued, queueMail } from '../mail';

/** A size that sold its last piece on a day. */
export interface SoldOutSize {
  product_id: number;
  product_name: string;
  size: string;
}

/**
 * The sizes a day's orders sold out: sold that day (paid online, or placed for cash on delivery)
 * and with nothing left to sell now.
 */
export async function sizesSoldOutOn(db: Database, day: string): Promise<SoldOutSize[]> {
  const from = startOfShopDay(day).toISOString();
  const to = new Date(startOfShopDay(day).getTime() + 86_400_000).toISOString();
  const result = await db.execute(sql`
    SELECT DISTINCT p.id AS product_id, p.name AS product_name, s.label AS size, s.sort_order
    FROM order_items oi
    JOIN orders o ON o.id = oi.order_id
    JOIN product_sizes ps ON ps.product_id = oi.product_id AND ps.size_id = oi.size_id
    JOIN products p ON p.id = oi.product_id
    JOIN sizes s ON s.id = oi.size_id
    WHERE ((o.paid_at >= ${from} AND o.paid_at < ${to})
           OR (o.payment_method = 'cod' AND o.created_at >= ${from} AND o.created_at < ${to}))
      AND ps.stock - ps.reserved <= 0
    ORDER BY p.name, s.sort_order`);
  // Both drivers answer { rows }.
  const rows = (result as unknown as { rows: (SoldOutSize & { sort_order: number })[] }).rows;
  return rows.map(({ product_id, product_name, size }) => ({ product_id, product_name, size }));
}

/**
 * Once the shop's day is over, tells the owners which sizes it sold out (nothing when none did).
 * The day names the message, so several processes and passes queue it once. Answers whether it queued one.
 */
export async function queueSoldOutReport(db: Database, now = new Date()): Promise<boolean> {
  const yesterday = shopToday(new Date(now.getTime() - 86_400_000));
  const key = `owner-sold-out:${yesterday}`;
  if (await isQueued(db, key)) return false;
  const sizes = await sizesSoldOutOn(db, yesterday);
  if (sizes.length === 0) return false;
  return queueMail(db, { kind: 'owner_sold_out', key, payload: { day: yesterday, sizes } });
}
