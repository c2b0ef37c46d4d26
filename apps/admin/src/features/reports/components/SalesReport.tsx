import type { ReportInterval, SalesPoint, SalesReport as SalesReportData } from '@kapaas/contract';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import ButtonGroup from 'react-bootstrap/ButtonGroup';
import { formatRupees } from '#admin/lib/format.ts';
import { useReport } from '../api/useReport';
import { rupeeSeries, shortDay } from '../lib/charts';
import type { ReportColumn } from '../lib/columns';
import type { Period } from '../lib/period';
import { ReportQuery } from './ReportQuery';
import { ReportSection } from './ReportSection';
import { TotalCards } from './TotalCards';

const INTERVALS: { value: ReportInterval; label: string; column: string }[] = [
  { value: 'day', label: 'Day', column: 'Day' },
  { value: 'week', label: 'Week', column: 'Week from' },
  { value: 'month', label: 'Month', column: 'Month from' },
];

function salesColumns(interval: ReportInterval): ReportColumn<SalesPoint>[] {
  const first = INTERVALS.find((one) => one.value === interval)?.column ?? 'Day';
  return [
    { label: first, kind: 'text', value: (point) => point.date },
    { label: 'Revenue', kind: 'rupees', value: (point) => point.revenue },
    { label: 'Orders', kind: 'count', value: (point) => point.orders },
    { label: 'Units', kind: 'count', value: (point) => point.units },
  ];
}

/** Day, week or month: the steps of the chart. */
function IntervalSwitch({
  interval,
  onChange,
}: {
  interval: ReportInterval;
  onChange: (next: ReportInterval) => void;
}) {
  return (
    <ButtonGroup size="sm" aria-label="Sales by">
      {INTERVALS.map((one) => (
        <Button
          key={one.value}
          variant="outline-secondary"
          active={interval === one.value}
          aria-pressed={interval === one.value}
          onClick={() => onChange(one.value)}
        >
          {one.label}
        </Button>
      ))}
    </ButtonGroup>
  );
}

function SalesBody({
  data,
  period,
  interval,
  onInterval,
}: {
  data: SalesReportData;
  period: Period;
  interval: ReportInterval;
  onInterval: (next: ReportInterval) => void;
}) {
  const { totals, previous } = data;
  const noSales = totals.orders === 0 && totals.revenue === 0 && totals.refunds === 0;
  return (
    <>
      <TotalCards
        totals={[
          {
            label: 'Net revenue',
            kind: 'rupees',
            value: totals.revenue,
            previous: previous.revenue,
            note: `${formatRupees(totals.gross)} paid, less ${formatRupees(totals.refunds)} refunded`,
          },
          { label: 'Orders', kind: 'count', value: totals.orders, previous: previous.orders },
          { label: 'Units', kind: 'count', value: totals.units, previous: previous.units },
          { label: 'Average order', kind: 'rupees', value: totals.aov, previous: previous.aov },
          { label: 'New customers', kind: 'count', value: totals.new_customers, previous: previous.new_customers },
          {
            label: 'Returning customers',
            kind: 'count',
            value: totals.returning_customers,
            previous: previous.returning_customers,
          },
        ]}
      />
      <ReportSection
        title="Revenue over time"
        csvName="sales"
        period={period}
        columns={salesColumns(interval)}
        rows={noSales ? [] : data.series}
        rowKey={(point) => point.date}
        empty="No sales in this period."
        controls={<IntervalSwitch interval={interval} onChange={onInterval} />}
        chart={{
          orientation: 'columns',
          category: (point) => shortDay(point.date, interval),
          series: [rupeeSeries('Revenue', (point: SalesPoint) => point.revenue)],
        }}
      />
    </>
  );
}

/** Sales: net revenue, orders, units, the average order and customers, and revenue by day, week or month. */
export function SalesReport({ period }: { period: Period }) {
  const [interval, setStep] = useState<ReportInterval>('day');
  const query = useReport<SalesReportData>('sales', { ...period, interval });
  return (
    <ReportQuery query={query} label="Loading the sales report">
      {(data) => <SalesBody data={data} period={period} interval={interval} onInterval={setStep} />}
    </ReportQuery>
  );
}
