import type { PaymentsReport as PaymentsReportData, RtoRow } from '@kapaas/contract';
import { useReport } from '../api/useReport';
import { countSeries, rateSeries } from '../lib/charts';
import type { ReportColumn } from '../lib/columns';
import type { Period } from '../lib/period';
import { ReportQuery } from './ReportQuery';
import { ReportSection } from './ReportSection';
import { TotalCards } from './TotalCards';

interface ShareRow {
  name: string;
  orders: number;
  share: number | null;
  revenue: number;
}

interface MethodRow {
  label: string;
  orders: number;
  revenue: number;
}

const SHARE_COLUMNS: ReportColumn<ShareRow>[] = [
  { label: 'Paid', kind: 'text', value: (row) => row.name },
  { label: 'Orders', kind: 'count', value: (row) => row.orders },
  { label: 'Share', kind: 'rate', value: (row) => row.share },
  { label: 'Revenue', kind: 'rupees', value: (row) => row.revenue },
];

const METHOD_COLUMNS: ReportColumn<MethodRow>[] = [
  { label: 'Method', kind: 'text', value: (row) => row.label },
  { label: 'Orders', kind: 'count', value: (row) => row.orders },
  { label: 'Revenue', kind: 'rupees', value: (row) => row.revenue },
];

function rtoColumns(place: string): ReportColumn<RtoRow>[] {
  return [
    { label: place, kind: 'text', value: (row) => row.name },
    { label: 'COD shipped', kind: 'count', value: (row) => row.shipped },
    { label: 'Returned to origin', kind: 'count', value: (row) => row.rto },
    { label: 'RTO rate', kind: 'rate', value: (row) => row.rto_rate },
  ];
}

/** Prepaid against COD, as two rows with their shares of the period's orders. */
function shareRows({ totals }: PaymentsReportData): ShareRow[] {
  if (totals.orders === 0) return [];
  return [
    {
      name: 'Prepaid',
      orders: totals.prepaid_orders,
      share: totals.prepaid_orders / totals.orders,
      revenue: totals.prepaid_revenue,
    },
    { name: 'Cash on delivery', orders: totals.cod_orders, share: totals.cod_share, revenue: totals.cod_revenue },
  ];
}

function RtoSection({
  title,
  place,
  csvName,
  rows,
  period,
}: {
  title: string;
  place: string;
  csvName: string;
  rows: RtoRow[];
  period: Period;
}) {
  return (
    <ReportSection
      title={title}
      csvName={csvName}
      period={period}
      columns={rtoColumns(place)}
      rows={rows}
      rowKey={(row) => row.name}
      empty="No cash-on-delivery parcels were shipped in this period."
      chart={{
        orientation: 'rows',
        category: (row) => row.name,
        series: [rateSeries('RTO rate', (row: RtoRow) => row.rto_rate)],
      }}
    />
  );
}

function PaymentsBody({ data, period }: { data: PaymentsReportData; period: Period }) {
  const { totals, previous, rto } = data;
  const collect = data.cod_to_collect;
  return (
    <>
      <TotalCards
        totals={[
          { label: 'Orders', kind: 'count', value: totals.orders, previous: previous.orders },
          { label: 'Prepaid orders', kind: 'count', value: totals.prepaid_orders, previous: previous.prepaid_orders },
          {
            label: 'COD share',
            kind: 'rate',
            value: totals.cod_share,
            previous: previous.cod_share,
            lowerIsBetter: true,
          },
          {
            label: 'RTO rate (COD)',
            kind: 'rate',
            value: rto.rto_rate,
            note: `${rto.rto} of ${rto.shipped} COD ${rto.shipped === 1 ? 'parcel' : 'parcels'} came back`,
          },
          {
            label: 'COD cash to collect',
            kind: 'rupees',
            value: collect.amount,
            note: `${collect.orders} ${collect.orders === 1 ? 'order' : 'orders'}, today`,
          },
        ]}
      />
      <ReportSection
        title="Prepaid and cash on delivery"
        csvName="payments-share"
        period={period}
        columns={SHARE_COLUMNS}
        rows={shareRows(data)}
        rowKey={(row) => row.name}
        empty="No orders in this period."
        chart={{
          orientation: 'rows',
          category: (row) => row.name,
          series: [countSeries('Orders', (row: ShareRow) => row.orders)],
        }}
      />
      <ReportSection
        title="Payment methods"
        csvName="payments-methods"
        period={period}
        columns={METHOD_COLUMNS}
        rows={data.methods}
        rowKey={(row) => row.label}
        empty="No payments in this period."
        chart={{
          orientation: 'rows',
          category: (row) => row.label,
          series: [countSeries('Orders', (row: MethodRow) => row.orders)],
        }}
      />
      <RtoSection
        title="Returned to origin by state"
        place="State"
        csvName="payments-rto-states"
        rows={rto.by_state}
        period={period}
      />
      <RtoSection
        title="Returned to origin by shipping zone"
        place="Zone"
        csvName="payments-rto-zones"
        rows={rto.by_zone}
        period={period}
      />
    </>
  );
}

/** Payments: prepaid against COD, the methods, COD parcels returned to origin by state and zone, cash to collect. */
export function PaymentsReport({ period }: { period: Period }) {
  const query = useReport<PaymentsReportData>('payments', { ...period });
  return (
    <ReportQuery query={query} label="Loading the payments report">
      {(data) => <PaymentsBody data={data} period={period} />}
    </ReportQuery>
  );
}
