import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '#admin/lib/session.ts';
import { catchDownloads } from '#admin/test/downloads.ts';
import { stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { OWNER, renderRoute, signIn } from '#admin/test/renderRoute.tsx';
import { answer, expectCsvEqualsTable, salesReport, taxReport } from '#admin/test/reports.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T20:00:00Z'));
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function signInStaff() {
  startSession({ token: 'staff-token', admin: { ...OWNER, id: 2, name: 'Ravi', role: 'staff' } });
}

describe('the tax report', () => {
  it('shows the owner CGST, SGST and IGST by month, stacked in one chart, and its CSV is the table', async () => {
    signIn();
    const { sent } = stubAdminApi({ 'GET reports/tax': answer(taxReport) });
    const downloads = catchDownloads();
    const { user } = renderRoute('/reports/tax?period=last-month');

    const chart = await screen.findByRole('img', { name: 'GST by month' });
    expect(chart.querySelectorAll('rect')).toHaveLength(6);
    expect(sent.map((request) => Object.fromEntries(request.query))).toEqual([
      { from: '2026-10-01', to: '2026-10-31' },
    ]);
    const total = screen.getByRole('heading', { name: 'Total GST' }).parentElement as HTMLElement;
    expect(total).toHaveTextContent('₹1,350.02');
    expect(screen.getByText(/1 Oct 2026 – 31 Oct 2026/)).not.toHaveTextContent('compared with');

    const table = screen.getByRole('table', { name: 'GST by month' });
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual([
      'MonthTaxable value (₹)CGST (₹)SGST (₹)IGST (₹)Total tax (₹)',
      '2026-10₹10,000₹250₹250₹600₹1,100',
      '2026-11₹5,000.4₹125.01₹125.01₹0₹250.02',
    ]);
    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads.names).toEqual(['kapaas-tax-2026-10-01-2026-10-31.csv']);
    const csv = await (downloads.files[0] as Blob).text();
    expect(csv).toContain('2026-11,5000.40,125.01,125.01,0.00,250.02\r\n');
    expectCsvEqualsTable(csv, table);
  });

  it('is hidden from staff, who are told it is the owner’s and never ask the API for it', async () => {
    signInStaff();
    const { sent } = stubAdminApi({ 'GET reports/sales': answer(salesReport), 'GET reports/tax': answer(taxReport) });
    const sales = renderRoute('/reports/sales');

    const tabs = await screen.findByRole('navigation', { name: 'Reports' });
    expect(
      within(tabs)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Sales', 'Payments', 'Products', 'Sizes & returns', 'Fit', 'Stock', 'Coupons']);
    sales.unmount();

    renderRoute('/reports/tax');
    expect(await screen.findByText('Only the owner can read the tax report.')).toBeInTheDocument();
    expect(sent.some((request) => request.path === 'reports/tax')).toBe(false);
  });

  it('is a tab of the owner’s', async () => {
    signIn();
    stubAdminApi({ 'GET reports/sales': answer(salesReport) });
    renderRoute('/reports');

    const tabs = await screen.findByRole('navigation', { name: 'Reports' });
    expect(within(tabs).getByRole('link', { name: 'Tax' })).toHaveAttribute('href', '/reports/tax?period=30d');
    expect(within(tabs).getByRole('link', { name: 'Sales' })).toHaveAttribute('href', '/reports/sales?period=30d');
  });
});
