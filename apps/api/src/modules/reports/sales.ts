import type { SalesPoint, SalesReport, SalesReportQuery, SalesTotals } from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { paiseToRupees } from '../../lib/money';
import { periodOf, type Span, stepOf, stepsOf } from './period';
import { inTurn } from './reading';
import { customerCounts, type SalesDay, salesDays } from './sales.repository';

/** The totals of a span from its days, and its customers. */
async function totalsOf(db: Queryable, span: Span, days?: SalesDay[]): Promise<SalesTotals> {
  const [rows, customers] = await inTurn(
    () => (days ? Promise.resolve(days) : salesDays(db, span)),
    () => customerCounts(db, span),
  );
  let orders = 0;
  let gross = 0;
  let units = 0;
  let credits = 0;
  for (const day of rows) {
    orders += day.orders;
    gross += day.grossPaise;
    units += day.units;
    credits += day.creditsPaise;
  }
  return {
    revenue: paiseToRupees(gross - credits),
    gross: paiseToRupees(gross),
    refunds: paiseToRupees(credits),
    orders,
    units,
    // The average of whole paise, rounded to the paisa.
    aov: orders === 0 ? 0 : paiseToRupees(Math.round(gross / orders)),
    new_customers: customers.fresh,
    returning_customers: customers.returning,
  };
}

/** The days summed into the chart's steps: every step from `from` to `to`, zero where nothing happened. */
function seriesOf(days: SalesDay[], query: SalesReportQuery): SalesPoint[] {
  const steps = new Map(
    stepsOf(query.from, query.to, query.interval).map((date) => [date, { date, net: 0, orders: 0, units: 0 }]),
  );
  for (const day of days) {
    const step = steps.get(stepOf(day.day, query.interval));
    if (!step) continue;
    step.net += day.grossPaise - day.creditsPaise;
    step.orders += day.orders;
    step.units += day.units;
  }
  return [...steps.values()].map((step) => ({
    date: step.date,
    revenue: paiseToRupees(step.net),
    orders: step.orders,
    units: step.units,
  }));
}

/** GET /admin/api/reports/sales: the period's net sales against the period before, and the chart's steps. */
export async function salesReport(db: Queryable, query: SalesReportQuery): Promise<SalesReport> {
  const period = periodOf(query.from, query.to);
  const days = await salesDays(db, period.span);
  const [totals, previous] = await inTurn(
    () => totalsOf(db, period.span, days),
    () => totalsOf(db, period.previous.span),
  );
  return {
    from: period.from,
    to: period.to,
    previous_from: period.previous.from,
    previous_to: period.previous.to,
    interval: query.interval,
    totals,
    previous,
    series: seriesOf(days, query),
  };
}
