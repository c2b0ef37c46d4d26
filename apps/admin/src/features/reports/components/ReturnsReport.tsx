import type { ReturnsReport as ReturnsReportData } from '@kapaas/contract';
import { useReport } from '../api/useReport';
import { countSeries, rateSeries } from '../lib/charts';
import type { ReportColumn } from '../lib/columns';
import type { Period } from '../lib/period';
import { ReportQuery } from './ReportQuery';
import { ReportSection } from './ReportSection';
import { TotalCards } from './TotalCards';

type ReasonRow = ReturnsReportData['by_reason'][number];
type SizeRow = ReturnsReportData['by_size'][number];
type RunsSmallRow = ReturnsReportData['runs_small'][number];

const REASON_COLUMNS: ReportColumn<ReasonRow>[] = [
  { label: 'Reason', kind: 'text', value: (row) => row.label },
  { label: 'Returns', kind: 'count', value: (row) => row.returns },
  { label: 'Exchanges', kind: 'count', value: (row) => row.exchanges },
  { label: 'Units', kind: 'count', value: (row) => row.units },
];

const SIZE_COLUMNS: ReportColumn<SizeRow>[] = [
  { label: 'Size', kind: 'text', value: (row) => row.size },
  { label: 'Sold', kind: 'count', value: (row) => row.sold_units },
  { label: 'Returned', kind: 'count', value: (row) => row.returned_units },
  { label: 'Too small', kind: 'count', value: (row) => row.too_small },
  { label: 'Too big', kind: 'count', value: (row) => row.too_big },
  { label: 'Return rate', kind: 'rate', value: (row) => row.return_rate },
];

const RUNS_SMALL_COLUMNS: ReportColumn<RunsSmallRow>[] = [
  { label: 'Product', kind: 'text', value: (row) => row.name },
  { label: 'Sold', kind: 'count', value: (row) => row.sold_units },
  { label: 'Returned too small', kind: 'count', value: (row) => row.too_small },
  { label: 'Too small share', kind: 'rate', value: (row) => row.too_small_share },
  { label: 'Reviews saying runs small', kind: 'count', value: (row) => row.fit_runs_small },
];

function ReturnsBody({ data, period }: { data: ReturnsReportData; period: Period }) {
  const { totals, previous } = data;
  return (
    <>
      <TotalCards
        totals={[
          { label: 'Returns', kind: 'count', value: totals.returns, previous: previous.returns, lowerIsBetter: true },
          {
            label: 'Exchanges',
            kind: 'count',
            value: totals.exchanges,
            previous: previous.exchanges,
            lowerIsBetter: true,
          },
          {
            label: 'Units sent back',
            kind: 'count',
            value: totals.units,
            previous: previous.units,
            lowerIsBetter: true,
          },
          {
            label: 'Return rate',
            kind: 'rate',
            value: totals.return_rate,
            previous: previous.return_rate,
            lowerIsBetter: true,
            note: `of ${totals.sold_units} ${totals.sold_units === 1 ? 'unit' : 'units'} sold`,
          },
        ]}
      />
      <ReportSection
        title="Returns and exchanges by reason"
        csvName="returns-reasons"
        period={period}
        columns={REASON_COLUMNS}
        rows={data.by_reason.filter((row) => row.returns + row.exchanges > 0)}
        rowKey={(row) => row.reason}
        empty="No returns or exchanges in this period."
        chart={{
          orientation: 'rows',
          stacked: true,
          category: (row) => row.label,
          series: [
            countSeries('Returns', (row: ReasonRow) => row.returns),
            countSeries('Exchanges', (row: ReasonRow) => row.exchanges),
          ],
        }}
      />
      <ReportSection
        title="Returns by size"
        csvName="returns-sizes"
        period={period}
        columns={SIZE_COLUMNS}
        rows={data.by_size.filter((row) => row.sold_units + row.returned_units > 0)}
        rowKey={(row) => row.size}
        empty="No sizes sold or returned in this period."
        chart={{
          orientation: 'columns',
          category: (row) => row.size,
          series: [rateSeries('Return rate', (row: SizeRow) => row.return_rate)],
        }}
      />
      <ReportSection
        title="Runs small"
        csvName="returns-runs-small"
        period={period}
        columns={RUNS_SMALL_COLUMNS}
        rows={data.runs_small}
        rowKey={(row) => String(row.product_id)}
        empty="No product stands out as running small in this period."
        chart={{
          orientation: 'rows',
          category: (row) => row.name,
          series: [rateSeries('Too small share', (row: RunsSmallRow) => row.too_small_share)],
        }}
      />
    </>
  );
}

/** Sizes and returns: by reason, by size, and the products flagged "runs small". */
export function ReturnsReport({ period }: { period: Period }) {
  const query = useReport<ReturnsReportData>('returns', { ...period });
  return (
    <ReportQuery query={query} label="Loading the returns report">
      {(data) => <ReturnsBody data={data} period={period} />}
    </ReportQuery>
  );
}
