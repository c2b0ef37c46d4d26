import type { ReportRangeQuery, TaxMonthRow, TaxReport } from '@kapaas/contract';
import { type Queryable, sql } from '@kapaas/db';
import { paiseToRupees } from '../../lib/money';
import { rowsOf } from '../../lib/person';
import { onDaysOf, spanOf } from './period';

/** A month's GST in paise: taxable value, CGST, SGST with UTGST (the GST report's sgst_utgst column), IGST. */
interface GstMonth {
  month: string;
  taxablePaise: number;
  cgstPaise: number;
  sgstPaise: number;
  igstPaise: number;
}

/**
 * The invoices issued less the credit notes issued, by India's month, over the days of the period: from the daily
 * GST the triggers keep with the GST report's own joins (ADR 062, second pass), a few hundred rows for a year
 * instead of every line of its invoices. Months with neither are left out.
 */
async function gstByMonth(db: Queryable, from: string, to: string): Promise<GstMonth[]> {
  const rows = rowsOf<{ month: string; taxable: string; cgst: string; sgst: string; igst: string }>(
    await db.execute(sql`
      SELECT to_char(g.day, 'YYYY-MM') AS month, sum(g.taxable_paise)::bigint AS taxable,
        sum(g.cgst_paise)::bigint AS cgst, sum(g.sgst_paise)::bigint AS sgst, sum(g.igst_paise)::bigint AS igst
      FROM report_daily_gst g WHERE ${onDaysOf(sql`g.day`, spanOf(from, to))}
      GROUP BY 1 ORDER BY 1`),
  );
  return rows.map((row) => ({
    month: row.month,
    taxablePaise: Number(row.taxable),
    cgstPaise: Number(row.cgst),
    sgstPaise: Number(row.sgst),
    igstPaise: Number(row.igst),
  }));
}

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
 * GET /admin/api/reports/tax (owners only): CGST, SGST (with UTGST) and IGST by month, every month of the period
 * listed; a whole month equals that month's GST CSV (its sales less its credit notes) to the paisa.
 */
export async function taxReport(db: Queryable, query: ReportRangeQuery): Promise<TaxReport> {
  const found = await gstByMonth(db, query.from, query.to);
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
