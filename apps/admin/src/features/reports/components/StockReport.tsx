import type { StockReport as StockReportData, StockReportRow } from '@kapaas/contract';
import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import { Pager } from '#admin/components/Pager.tsx';
import { useReport } from '../api/useReport';
import { countSeries } from '../lib/charts';
import type { ReportColumn } from '../lib/columns';
import type { Period } from '../lib/period';
import { ReportQuery } from './ReportQuery';
import { ReportSection } from './ReportSection';
import { TotalCards } from './TotalCards';

type Only = 'all' | 'sold_out' | 'selling_out';
const PER_PAGE = 25;
const ONLY_LABELS: Record<Only, string> = {
  all: 'Every size',
  sold_out: 'Sold out',
  selling_out: 'Selling out within 14 days',
};

function stockStatus(row: StockReportRow): string {
  if (row.sold_out) return 'Sold out';
  if (row.selling_out) return 'Selling out';
  return '';
}

const STOCK_COLUMNS: ReportColumn<StockReportRow>[] = [
  { label: 'Product', kind: 'text', value: (row) => row.name },
  { label: 'Size', kind: 'text', value: (row) => row.size },
  { label: 'In stock', kind: 'count', value: (row) => row.stock },
  { label: 'Sold', kind: 'count', value: (row) => row.sold },
  { label: 'Sell-through', kind: 'rate', value: (row) => row.sell_through },
  { label: 'Days of cover', kind: 'number', value: (row) => row.days_of_cover },
  { label: 'Status', kind: 'text', value: stockStatus },
];

function StockBody({
  data,
  period,
  only,
  onPage,
}: {
  data: StockReportData;
  period: Period;
  only: Only;
  onPage: (page: number) => void;
}) {
  return (
    <>
      <TotalCards
        totals={[
          { label: 'Sizes sold out', kind: 'count', value: data.sold_out_sizes },
          {
            label: 'Sizes selling out within 14 days',
            kind: 'count',
            value: data.selling_out_sizes,
            note: 'At the period’s pace',
          },
        ]}
      />
      <ReportSection
        title={only === 'all' ? 'Stock per size' : `Stock per size: ${ONLY_LABELS[only].toLowerCase()}`}
        csvName="stock"
        period={period}
        columns={STOCK_COLUMNS}
        rows={data.rows}
        rowKey={(row) => `${row.product_id}-${row.size}`}
        empty={only === 'all' ? 'No sizes in stock.' : `No size is ${ONLY_LABELS[only].toLowerCase()}.`}
        chart={{
          orientation: 'rows',
          category: (row) => `${row.size} · ${row.name}`,
          series: [
            countSeries('In stock', (row: StockReportRow) => row.stock),
            countSeries('Sold', (row: StockReportRow) => row.sold),
          ],
        }}
        footer={<Pager page={data.page} perPage={data.per_page} total={data.total} onPage={onPage} />}
      />
    </>
  );
}

/** Stock: units left per size, sell-through and days of cover at the period's pace, sold out and selling out. */
export function StockReport({ period }: { period: Period }) {
  const [only, setOnly] = useState<Only>('all');
  const periodKey = `${period.from}/${period.to}/${only}`;
  const [paging, setPaging] = useState({ periodKey, page: 1 });
  const page = paging.periodKey === periodKey ? paging.page : 1;
  const query = useReport<StockReportData>('stock', { ...period, only, page, per_page: PER_PAGE });
  return (
    <>
      <Form.Group controlId="stock-only" className="report-filter mb-3">
        <Form.Label className="small mb-0">Show</Form.Label>
        <Form.Select size="sm" value={only} onChange={(event) => setOnly(event.target.value as Only)}>
          {(Object.keys(ONLY_LABELS) as Only[]).map((one) => (
            <option key={one} value={one}>
              {ONLY_LABELS[one]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <ReportQuery query={query} label="Loading the stock report">
        {(data) => (
          <StockBody data={data} period={period} only={only} onPage={(next) => setPaging({ periodKey, page: next })} />
        )}
      </ReportQuery>
    </>
  );
}
