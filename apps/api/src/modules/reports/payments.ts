import {
  type PaidBy,
  type PaymentsReport,
  type PaymentsTotals,
  paidByLabel,
  paidByOf,
  type ReportRangeQuery,
  type RtoRow,
} from '@kapaas/contract';
import type { Queryable } from '@kapaas/db';
import { paiseToRupees } from '../../lib/money';
import { codShipments, codToCollect, soldByMethod } from './payments.repository';
import { periodOf, rate, type Span } from './period';
import { inTurn } from './reading';

/** The shipping zones in the owner's words (ADR 033). */
const ZONE_NAMES: Record<string, string> = {
  local: 'Within the shop’s state',
  metro: 'Metro cities',
  rest: 'Rest of India',
  remote: 'Remote regions',
};

type MethodRows = Awaited<ReturnType<typeof soldByMethod>>;

function totalsOf(rows: MethodRows): PaymentsTotals {
  const sum = (method: 'online' | 'cod', field: 'orders' | 'paise') =>
    rows.filter((row) => row.paymentMethod === method).reduce((total, row) => total + row[field], 0);
  const orders = sum('online', 'orders') + sum('cod', 'orders');
  return {
    orders,
    prepaid_orders: sum('online', 'orders'),
    cod_orders: sum('cod', 'orders'),
    prepaid_revenue: paiseToRupees(sum('online', 'paise')),
    cod_revenue: paiseToRupees(sum('cod', 'paise')),
    cod_share: rate(sum('cod', 'orders'), orders),
  };
}

/** Orders and their totals by how they were paid, most orders first (rare methods merged as `other`). */
function methodsOf(rows: MethodRows): PaymentsReport['methods'] {
  const merged = new Map<PaidBy | null, { orders: number; paise: number }>();
  for (const row of rows) {
    const key = paidByOf(row.paymentMethod, row.method);
    const found = merged.get(key) ?? { orders: 0, paise: 0 };
    found.orders += row.orders;
    found.paise += row.paise;
    merged.set(key, found);
  }
  return [...merged]
    .map(([paidBy, { orders, paise }]) => ({
      paid_by: paidBy,
      label: paidByLabel(paidBy),
      orders,
      revenue: paiseToRupees(paise),
    }))
    .sort((a, b) => b.orders - a.orders || a.label.localeCompare(b.label));
}

/** Shipments summed under a name (a state, a zone), most shipped first. */
function rtoRows(rows: { name: string; shipped: number; rto: number }[]): RtoRow[] {
  const merged = new Map<string, { shipped: number; rto: number }>();
  for (const row of rows) {
    const found = merged.get(row.name) ?? { shipped: 0, rto: 0 };
    found.shipped += row.shipped;
    found.rto += row.rto;
    merged.set(row.name, found);
  }
  return [...merged]
    .map(([name, { shipped, rto }]) => ({ name, shipped, rto, rto_rate: rate(rto, shipped) }))
    .sort((a, b) => b.shipped - a.shipped || a.name.localeCompare(b.name));
}

async function rtoOf(db: Queryable, span: Span): Promise<PaymentsReport['rto']> {
  const rows = await codShipments(db, span);
  const shipped = rows.reduce((sum, row) => sum + row.shipped, 0);
  const rto = rows.reduce((sum, row) => sum + row.rto, 0);
  return {
    shipped,
    rto,
    rto_rate: rate(rto, shipped),
    by_state: rtoRows(rows.map((row) => ({ ...row, name: row.state ?? 'Unknown' }))),
    by_zone: rtoRows(rows.map((row) => ({ ...row, name: (row.zone && ZONE_NAMES[row.zone]) ?? 'Unknown' }))),
  };
}

/** GET /admin/api/reports/payments: prepaid against COD, by method, the COD parcels returned to origin, cash to come. */
export async function paymentsReport(db: Queryable, query: ReportRangeQuery): Promise<PaymentsReport> {
  const period = periodOf(query.from, query.to);
  const [current, previous, rto, due] = await inTurn(
    () => soldByMethod(db, period.span),
    () => soldByMethod(db, period.previous.span),
    () => rtoOf(db, period.span),
    () => codToCollect(db),
  );
  return {
    from: period.from,
    to: period.to,
    previous_from: period.previous.from,
    previous_to: period.previous.to,
    totals: totalsOf(current),
    previous: totalsOf(previous),
    methods: methodsOf(current),
    rto,
    cod_to_collect: { orders: due.orders, amount: paiseToRupees(due.paise) },
  };
}
