import type { ReportRangeQuery, TaxMonthRow, TaxReport } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { paiseToRupees } from '../../lib/money';
import { type GstMonth, gstByMonth } from '../tax';
import { spanOf } from './period';

const rowOf = (month: Omit<GstMonth, 'month'>): Omit<TaxMonthRow, 'month'> => ({
  taxable_value: paiseToRupees(month.taxablePaise),
  cgst: paiseToRupees(month.cgstPaise),
  sgst: paiseToRupees(month.sgstPaise),
  igst: paiseToRupees(month.igstPaise),
  total_tax: paiseToRupees(month.cgstPaise + month.sgstPaise + month.igstPaise),
});

/** Every month (YYYY-MM) the days `from`–`to` touch, in order. */
function monthsOf(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.slice(0, 7).split('-').map(Number) as [number, number];
  for (let current = from.slice(0, 7); current <= to.slice(0, 7); ) {
    months.push(current);
    month += 1;
    if (month === 13) [year, month] = [year + 1, 1];
    current = `${year}-${String(month).padStart(2, '0')}`;
  }
  return months;
}

/**
 * GET /admin/api/reports/tax (owners only): CGST, SGST (with UTGST) and IGST by month from the GST report's own
 * queries (the tax module's gstByMonth), every month of the period listed.
 */
export async function taxReport(db: Queryable, query: ReportRangeQuery): Promise<TaxReport> {
  const found = await gstByMonth(db, spanOf(query.from, query.to));
  const zero = { taxablePaise: 0, cgstPaise: 0, sgstPaise: 0, igstPaise: 0 };
  const months = monthsOf(query.from, query.to).map(
    (month) => found.find((row) => row.month === month) ?? { month, ...zero },
  );
  const totals = { ...zero };
  for (const month of months) {
    totals.taxablePaise += month.taxablePaise;
    totals.cgstPaise += month.cgstPaise;
    totals.sgstPaise += month.sgstPaise;
    totals.igstPaise += month.igstPaise;
  }
  return {
    from: query.from,
    to: query.to,
    months: months.map((month) => ({ month: month.month, ...rowOf(month) })),
    totals: rowOf(totals),
  };
}
