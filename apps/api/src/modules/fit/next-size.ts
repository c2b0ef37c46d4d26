import type { Database } from '@kapaas/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../../lib/person';
import { shopToday } from '../../lib/shop-day';
import { consentStandsSql } from '../consent';
import { queueMail } from '../mail';
import { ageInMonths } from './child-profiles';

/**
 * "Next size soon" (issue 38, ADR 059): once a shop day, for each child kept under a standing `child_profile`
 * consent, the last size bought for that child, and one message when the child is within a month of that size's
 * upper age. Sent under that consent alone (the purpose the parent agreed to names it), at most once per child and
 * size (the outbox key `next-size:<child>:<size>`).
 */

/** A delivered line of the parent's, with its size's ages in the product's chart (its own, else its category's). */
interface BoughtLine {
  child_id: number;
  first_name: string | null;
  birth_month: string;
  email: string;
  order_id: number;
  line_id: number;
  ordered_at: string | Date;
  product_id: number;
  product_name: string;
  size_id: number;
  size_label: string;
  chart_id: number;
  age_min_months: number;
  age_max_months: number;
}

/** The child is this close (months) to the top of the size's ages, or at it, when the message goes. */
export const NEXT_SIZE_NOTICE_MONTHS = 1;

/** Every delivered line of a parent with a child whose consent stands, in a chart that gives its size's ages. */
async function boughtLines(db: Database): Promise<BoughtLine[]> {
  const consent = consentStandsSql('child_profile', { userId: sql`u.id`, email: sql`u.email` });
  const result = await db.execute(sql`
    SELECT cp.id AS child_id, cp.first_name, to_char(cp.birth_month, 'YYYY-MM') AS birth_month, u.email,
      o.id AS order_id, oi.id AS line_id, o.created_at AS ordered_at, oi.product_id, p.name AS product_name,
      oi.size_id, s.label AS size_label, r.chart_id, r.age_min_months, r.age_max_months
    FROM child_profiles cp
    JOIN users u ON u.id = cp.user_id AND u.status = 'active'
    JOIN orders o ON o.user_id = cp.user_id AND o.status = 'delivered'
    JOIN order_items oi ON oi.order_id = o.id
    JOIN products p ON p.id = oi.product_id
    JOIN sizes s ON s.id = oi.size_id
    JOIN size_charts sc ON sc.id = coalesce(
      (SELECT pc.id FROM size_charts pc WHERE pc.product_id = p.id),
      (SELECT cc.id FROM size_charts cc WHERE cc.category_id = p.category_id))
    JOIN size_chart_rows r ON r.chart_id = sc.id AND r.size_id = oi.size_id
    WHERE ${consent}
    ORDER BY cp.id, o.created_at DESC, oi.id DESC`);
  return rowsOf<BoughtLine>(result);
}

/** The size after `sizeId` in the chart, in the sizes' order; null for the chart's biggest. */
async function nextSizeInChart(db: Database, chartId: number, sizeId: number) {
  const result = await db.execute(sql`
    SELECT s.id, s.label FROM size_chart_rows r JOIN sizes s ON s.id = r.size_id
    WHERE r.chart_id = ${chartId}
      AND (s.sort_order, s.id) > (SELECT b.sort_order, b.id FROM sizes b WHERE b.id = ${sizeId})
    ORDER BY s.sort_order, s.id LIMIT 1`);
  return rowsOf<{ id: number; label: string }>(result)[0] ?? null;
}

/**
 * The last size bought for each child: the latest delivered line whose size's ages held the child's age when it was
 * ordered (on the shop's day). A line bought for another child, or as a gift, holds another age and is passed by.
 */
function lastBoughtPerChild(lines: readonly BoughtLine[]): BoughtLine[] {
  const last = new Map<number, BoughtLine>();
  for (const line of lines) {
    if (last.has(line.child_id)) continue;
    const ageThen = ageInMonths(line.birth_month, shopToday(new Date(line.ordered_at)));
    if (ageThen >= line.age_min_months && ageThen <= line.age_max_months) last.set(line.child_id, line);
  }
  return [...last.values()];
}

/** Queues the messages due on `now`'s shop day; answers how many were queued. */
export async function queueNextSizeSoon(db: Database, now = new Date()): Promise<number> {
  const today = shopToday(now);
  let queued = 0;
  for (const line of lastBoughtPerChild(await boughtLines(db))) {
    const age = ageInMonths(line.birth_month, today);
    if (age < line.age_max_months - NEXT_SIZE_NOTICE_MONTHS || age > line.age_max_months) continue;
    const next = await nextSizeInChart(db, line.chart_id, line.size_id);
    if (!next) continue;
    const sent = await queueMail(db, {
      kind: 'next_size_soon',
      key: `next-size:${line.child_id}:${line.size_id}`,
      to: line.email,
      payload: {
        child_name: line.first_name,
        age_months: age,
        product_id: line.product_id,
        product_name: line.product_name,
        size: line.size_label,
        size_max_months: line.age_max_months,
        next_size_id: next.id,
        next_size: next.label,
      },
    });
    if (sent) queued += 1;
  }
  return queued;
}

/**
 * The job the scheduled messages plugin runs every few minutes, doing the work once per shop day: the messages are
 * about months, and their keys make a second pass (another process, a restart) harmless anyway.
 */
export function nextSizeSoonDaily(): (db: Database) => Promise<number> {
  let doneOn: string | null = null;
  return async (db) => {
    const today = shopToday();
    if (doneOn === today) return 0;
    const queued = await queueNextSizeSoon(db);
    doneOn = today;
    return queued;
  };
}
