import type { CouponReportRow, CouponsReport, ReportRangeQuery } from '@kapaas/contract';
import { type Queryable, sql } from '@kapaas/db';
import { paiseToRupees } from '../../lib/money';
import { rowsOf } from '../../lib/person';
import { periodOf, type Span } from './period';
import { inTurn } from './reading';
import { soldOrders } from './sold';

/** The sold orders of the span that used a coupon, by the code they used (as it was applied). */
async function couponUses(db: Queryable, span: Span) {
  const rows = rowsOf<{ code: string; uses: number; discount: string; revenue: string }>(
    await db.execute(sql`
      SELECT s.coupon_code AS code, count(*)::int AS uses, sum(s.discount_paise)::bigint AS discount,
        sum(s.total_paise)::bigint AS revenue
      FROM (${soldOrders(span)}) s
      WHERE s.coupon_code IS NOT NULL
      GROUP BY 1`),
  );
  return rows.map((row) => ({
    code: row.code,
    uses: row.uses,
    discount: Number(row.discount),
    revenue: Number(row.revenue),
  }));
}

type Uses = Awaited<ReturnType<typeof couponUses>>;

function totalOf(rows: Uses): Omit<CouponReportRow, 'code'> {
  const sum = (field: 'uses' | 'discount' | 'revenue') => rows.reduce((total, row) => total + row[field], 0);
  return { uses: sum('uses'), discount: paiseToRupees(sum('discount')), revenue: paiseToRupees(sum('revenue')) };
}

/** GET /admin/api/reports/coupons: each code's uses by sold orders, the discount given and those orders' totals. */
export async function couponsReport(db: Queryable, query: ReportRangeQuery): Promise<CouponsReport> {
  const period = periodOf(query.from, query.to);
  const [current, previous] = await inTurn(
    () => couponUses(db, period.span),
    () => couponUses(db, period.previous.span),
  );
  return {
    from: period.from,
    to: period.to,
    previous_from: period.previous.from,
    previous_to: period.previous.to,
    rows: current
      .sort((a, b) => b.uses - a.uses || a.code.localeCompare(b.code))
      .map((row) => ({
        code: row.code,
        uses: row.uses,
        discount: paiseToRupees(row.discount),
        revenue: paiseToRupees(row.revenue),
      })),
    totals: totalOf(current),
    previous: totalOf(previous),
  };
}
