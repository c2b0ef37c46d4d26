import type { CouponReportRow, CouponsReport as CouponsReportData } from '@kapaas/contract';
import { useReport } from '../api/useReport';
import { rupeeSeries } from '../lib/charts';
import type { ReportColumn } from '../lib/columns';
import type { Period } from '../lib/period';
import { ReportQuery } from './ReportQuery';
import { ReportSection } from './ReportSection';
import { TotalCards } from './TotalCards';

const COUPON_COLUMNS: ReportColumn<CouponReportRow>[] = [
  { label: 'Code', kind: 'text', value: (row) => row.code },
  { label: 'Uses', kind: 'count', value: (row) => row.uses },
  { label: 'Discount given', kind: 'rupees', value: (row) => row.discount },
  { label: 'Revenue', kind: 'rupees', value: (row) => row.revenue },
];

function CouponsBody({ data, period }: { data: CouponsReportData; period: Period }) {
  const { totals, previous } = data;
  return (
    <>
      <TotalCards
        totals={[
          { label: 'Uses', kind: 'count', value: totals.uses, previous: previous.uses },
          { label: 'Discount given', kind: 'rupees', value: totals.discount, previous: previous.discount },
          { label: 'Revenue from these orders', kind: 'rupees', value: totals.revenue, previous: previous.revenue },
        ]}
      />
      <ReportSection
        title="Coupons used"
        csvName="coupons"
        period={period}
        columns={COUPON_COLUMNS}
        rows={data.rows}
        rowKey={(row) => row.code}
        empty="No coupons were used in this period."
        chart={{
          orientation: 'rows',
          category: (row) => row.code,
          series: [
            rupeeSeries('Revenue', (row: CouponReportRow) => row.revenue),
            rupeeSeries('Discount given', (row: CouponReportRow) => row.discount),
          ],
        }}
      />
    </>
  );
}

/** Coupons: each code's uses, the discount it gave and the revenue of the orders that used it. */
export function CouponsReport({ period }: { period: Period }) {
  const query = useReport<CouponsReportData>('coupons', { ...period });
  return (
    <ReportQuery query={query} label="Loading the coupons report">
      {(data) => <CouponsBody data={data} period={period} />}
    </ReportQuery>
  );
}
