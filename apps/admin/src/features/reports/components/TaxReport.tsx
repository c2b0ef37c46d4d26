import type { TaxMonthRow, TaxReport as TaxReportData } from '@kapaas/contract';
import { useReport } from '../api/useReport';
import { rupeeSeries, shortDay } from '../lib/charts';
import type { ReportColumn } from '../lib/columns';
import type { Period } from '../lib/period';
import { ReportQuery } from './ReportQuery';
import { ReportSection } from './ReportSection';
import { TotalCards } from './TotalCards';

const TAX_COLUMNS: ReportColumn<TaxMonthRow>[] = [
  { label: 'Month', kind: 'text', value: (row) => row.month },
  { label: 'Taxable value', kind: 'rupees', value: (row) => row.taxable_value },
  { label: 'CGST', kind: 'rupees', value: (row) => row.cgst },
  { label: 'SGST', kind: 'rupees', value: (row) => row.sgst },
  { label: 'IGST', kind: 'rupees', value: (row) => row.igst },
  { label: 'Total tax', kind: 'rupees', value: (row) => row.total_tax },
];

function TaxBody({ data, period }: { data: TaxReportData; period: Period }) {
  const { totals } = data;
  return (
    <>
      <TotalCards
        totals={[
          { label: 'Taxable value', kind: 'rupees', value: totals.taxable_value },
          { label: 'CGST', kind: 'rupees', value: totals.cgst },
          { label: 'SGST', kind: 'rupees', value: totals.sgst },
          { label: 'IGST', kind: 'rupees', value: totals.igst },
          { label: 'Total GST', kind: 'rupees', value: totals.total_tax, note: 'Invoices less credit notes' },
        ]}
      />
      <ReportSection
        title="GST by month"
        csvName="tax"
        period={period}
        columns={TAX_COLUMNS}
        rows={data.months}
        rowKey={(row) => row.month}
        empty="No invoices or credit notes in this period."
        chart={{
          orientation: 'columns',
          stacked: true,
          category: (row) => shortDay(row.month, 'month'),
          series: [
            rupeeSeries('CGST', (row: TaxMonthRow) => row.cgst),
            rupeeSeries('SGST', (row: TaxMonthRow) => row.sgst),
            rupeeSeries('IGST', (row: TaxMonthRow) => row.igst),
          ],
        }}
      />
    </>
  );
}

/** Tax (owners only): CGST, SGST and IGST collected by month, as the GST CSV sums them. */
export function TaxReport({ period }: { period: Period }) {
  const query = useReport<TaxReportData>('tax', { ...period });
  return (
    <ReportQuery query={query} label="Loading the tax report">
      {(data) => <TaxBody data={data} period={period} />}
    </ReportQuery>
  );
}
