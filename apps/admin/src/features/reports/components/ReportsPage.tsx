import { type ComponentType, useMemo } from 'react';
import { NavLink, useParams, useSearchParams } from 'react-router';
import { PageHeader } from '#admin/components/PageHeader.tsx';
import { useAdminSession } from '#admin/lib/session.ts';
import type { ReportName } from '../api/useReport';
import { type Period, type PeriodPreset, readPeriod, shopToday } from '../lib/period';
import '../reports.css';
import { CouponsReport } from './CouponsReport';
import { FitReport } from './FitReport';
import { PaymentsReport } from './PaymentsReport';
import { PeriodPicker } from './PeriodPicker';
import { ProductsReport } from './ProductsReport';
import { ReturnsReport } from './ReturnsReport';
import { SalesReport } from './SalesReport';
import { StockReport } from './StockReport';
import { TaxReport } from './TaxReport';

interface ReportTab {
  name: ReportName;
  label: string;
  Report: ComponentType<{ period: Period }>;
  /** Tax is the owner's: staff do not see its tab, and the API refuses them. */
  ownerOnly?: boolean;
  /** Stock and tax have no previous period to compare with. */
  compares: boolean;
}

const TABS: ReportTab[] = [
  { name: 'sales', label: 'Sales', Report: SalesReport, compares: true },
  { name: 'payments', label: 'Payments', Report: PaymentsReport, compares: true },
  { name: 'products', label: 'Products', Report: ProductsReport, compares: false },
  { name: 'returns', label: 'Sizes & returns', Report: ReturnsReport, compares: true },
  { name: 'fit', label: 'Fit', Report: FitReport, compares: false },
  { name: 'stock', label: 'Stock', Report: StockReport, compares: false },
  { name: 'tax', label: 'Tax', Report: TaxReport, ownerOnly: true, compares: false },
  { name: 'coupons', label: 'Coupons', Report: CouponsReport, compares: true },
];

/** The period's part of the address, which every tab keeps. */
function periodSearch(preset: PeriodPreset, custom?: Period): string {
  const params = new URLSearchParams({ period: preset });
  if (preset === 'custom' && custom) {
    params.set('from', custom.from);
    params.set('to', custom.to);
  }
  return `?${params.toString()}`;
}

/**
 * The owner's reports (/admin/reports/<report>), loaded only when opened (a lazy route, ADR 055). The period is in
 * the address, so a tab switch, a reload or a shared link keeps it.
 */
export function ReportsPage() {
  const { report = 'sales' } = useParams();
  const [params, setParams] = useSearchParams();
  const session = useAdminSession();
  const isOwner = session?.admin.role === 'owner';
  const today = shopToday();
  const { preset, period } = useMemo(() => readPeriod(params, today), [params, today]);
  const tabs = TABS.filter((tab) => isOwner || !tab.ownerOnly);
  const tab = TABS.find((one) => one.name === report);
  const search = periodSearch(preset, period);

  return (
    <>
      <PageHeader title="Reports" />
      <nav aria-label="Reports" className="report-tabs mb-3">
        {tabs.map((one) => (
          <NavLink key={one.name} to={{ pathname: `/reports/${one.name}`, search }} className="report-tabs__link">
            {one.label}
          </NavLink>
        ))}
      </nav>
      <PeriodPicker
        preset={preset}
        period={period}
        compares={tab?.compares ?? false}
        onChange={(chosen, custom) => setParams(new URLSearchParams(periodSearch(chosen, custom)))}
      />
      {!tab ? (
        <p>There is no such report. Choose one above.</p>
      ) : tab.ownerOnly && !isOwner ? (
        <p role="alert">Only the owner can read the tax report.</p>
      ) : (
        <tab.Report key={tab.name} period={period} />
      )}
    </>
  );
}
