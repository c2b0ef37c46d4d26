import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '#admin/test/downloads.ts';
import { stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';
import {
  answer,
  couponsReport,
  expectCsvEqualsTable,
  paymentsReport,
  productsReport,
  returnsReport,
  stockReport,
} from '#admin/test/reports.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T20:00:00Z'));
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);
const total = (label: string) => screen.getByRole('heading', { name: label }).parentElement as HTMLElement;

/** Presses the section's Download CSV and checks the file's name and that it holds the section's table. */
async function expectDownload(
  user: ReturnType<typeof renderRoute>['user'],
  title: string,
  filename: string,
): Promise<string> {
  const downloads = catchDownloads();
  const section = screen.getByRole('region', { name: title });
  await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
  expect(downloads.names).toEqual([filename]);
  const csv = await (downloads.files[0] as Blob).text();
  expectCsvEqualsTable(csv, within(section).getByRole('table', { name: title }));
  vi.restoreAllMocks();
  return csv;
}

describe('the payments report', () => {
  it('shows prepaid against COD, the methods, RTO by state and zone, and the COD cash to collect', async () => {
    const { sent } = stubAdminApi({ 'GET reports/payments': answer(paymentsReport) });
    const { user } = renderRoute('/reports/payments?period=7d');

    await screen.findByRole('heading', { name: 'Prepaid and cash on delivery' });
    expect(Object.fromEntries(sent[0]?.query ?? [])).toEqual({ from: '2026-11-23', to: '2026-11-29' });
    // A rate moves in percentage points: 50% to 40% is 10 points down (good news for COD), not 20% down.
    expect(total('COD share')).toHaveTextContent('40% ▼ 10 ptsdown 10 percentage points on the previous period (50%)');
    expect(total('COD share').querySelector('.report-change')).toHaveClass('text-success');
    expect(total('Orders')).toHaveTextContent('10 ▲ 25%');
    expect(total('RTO rate (COD)')).toHaveTextContent('40% 2 of 5 COD parcels came back');
    expect(total('COD cash to collect')).toHaveTextContent('₹2,450 3 orders, today');
    expect(rowsOf(screen.getByRole('table', { name: 'Prepaid and cash on delivery' }))).toEqual([
      'PaidOrdersShare (%)Revenue (₹)',
      'Prepaid660%₹6,000',
      'Cash on delivery440%₹3,200.5',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Returned to origin by state' }))).toEqual([
      'StateCOD shippedReturned to originRTO rate (%)',
      'Kerala3133.3%',
      'Tamil Nadu2150%',
    ]);
    expect(screen.getByRole('img', { name: 'Payment methods' }).querySelectorAll('rect')).toHaveLength(3);

    await expectDownload(user, 'Payment methods', 'kapaas-payments-methods-2026-11-23-2026-11-29.csv');
    const csv = await expectDownload(
      user,
      'Returned to origin by shipping zone',
      'kapaas-payments-rto-zones-2026-11-23-2026-11-29.csv',
    );
    expect(csv.replace(/^\uFEFF/, '')).toBe('Zone,COD shipped,Returned to origin,RTO rate (%)\r\nSouth,5,2,40\r\n');
  });
});

describe('the sizes and returns report', () => {
  it('shows returns by reason and by size, and flags the products that run small', async () => {
    stubAdminApi({ 'GET reports/returns': answer(returnsReport) });
    const { user } = renderRoute('/reports/returns?period=7d');

    await screen.findByRole('heading', { name: 'Returns and exchanges by reason' });
    expect(total('Return rate')).toHaveTextContent(
      '10% ▲ 2 ptsup 2 percentage points on the previous period (8%)of 70 units sold',
    );
    expect(screen.getByRole('img', { name: 'Returns and exchanges by reason' }).querySelectorAll('rect')).toHaveLength(
      4,
    );
    expect(rowsOf(screen.getByRole('table', { name: 'Returns by size' }))).toEqual([
      'SizeSoldReturnedToo smallToo bigReturn rate (%)',
      '0-3M4054012.5%',
      '3-6M302016.7%',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Runs small' }))).toEqual([
      'ProductSoldReturned too smallToo small share (%)Reviews saying runs small',
      'Mulmul Jhabla20420%3',
    ]);
    await expectDownload(user, 'Returns and exchanges by reason', 'kapaas-returns-reasons-2026-11-23-2026-11-29.csv');
    await expectDownload(user, 'Runs small', 'kapaas-returns-runs-small-2026-11-23-2026-11-29.csv');
  });
});

describe('the coupons report', () => {
  it('shows each code’s uses, discount and revenue against the previous period', async () => {
    stubAdminApi({ 'GET reports/coupons': answer(couponsReport) });
    const { user } = renderRoute('/reports/coupons?period=7d');

    await screen.findByRole('heading', { name: 'Coupons used' });
    expect(total('Uses')).toHaveTextContent('8 ▲ 100%');
    expect(total('Discount given')).toHaveTextContent('₹620 = 0%');
    expect(rowsOf(screen.getByRole('table', { name: 'Coupons used' }))).toEqual([
      'CodeUsesDiscount given (₹)Revenue (₹)',
      'WELCOME106₹420₹3,780',
      'DIWALI2₹200₹1,800',
    ]);
    await expectDownload(user, 'Coupons used', 'kapaas-coupons-2026-11-23-2026-11-29.csv');
  });
});

describe('the stock report', () => {
  it('shows units per size, sell-through and days of cover, and asks for only the sizes selling out', async () => {
    const { sent } = stubAdminApi({ 'GET reports/stock': answer(stockReport) });
    const { user } = renderRoute('/reports/stock?period=7d');

    await screen.findByRole('heading', { name: 'Stock per size' });
    expect(total('Sizes sold out')).toHaveTextContent('1');
    expect(screen.getByText(/23 Nov 2026 – 29 Nov 2026/)).not.toHaveTextContent('compared with');
    expect(rowsOf(screen.getByRole('table', { name: 'Stock per size' }))).toEqual([
      'ProductSizeIn stockSoldSell-through (%)Days of coverStatus',
      'Mulmul Jhabla0-3M09100%0Sold out',
      'Mulmul Jhabla3-6M5758.3%5Selling out',
      'Gulmohar Frock1-2Y4000%—',
    ]);
    await expectDownload(user, 'Stock per size', 'kapaas-stock-2026-11-23-2026-11-29.csv');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Selling out within 14 days');
    await waitFor(() =>
      expect(Object.fromEntries(sent.at(-1)?.query ?? [])).toEqual({
        from: '2026-11-23',
        to: '2026-11-29',
        only: 'selling_out',
        page: '1',
        per_page: '25',
      }),
    );
  });
});

describe('the products report', () => {
  it('shows the funnel and returns per product, and asks the API to sort, search, page and group', async () => {
    const { sent } = stubAdminApi({ 'GET reports/products': answer(productsReport) });
    const { user } = renderRoute('/reports/products?period=7d');
    const asked = () => Object.fromEntries(sent.at(-1)?.query ?? []);

    const table = await screen.findByRole('table', { name: 'Products' });
    expect(rowsOf(table)[1]).toBe(
      'Mulmul JhablaNewborn Essentials20030121014₹7,6865%2114.3%4.53 small · 10 true · 1 large',
    );
    expect(rowsOf(table)[2]).toContain('Frock, "Gulmohar"Dresses & Frocks0');
    expect(asked()).toEqual({
      from: '2026-11-23',
      to: '2026-11-29',
      sort: 'revenue',
      page: '1',
      per_page: '25',
      by: 'product',
    });
    const revenue = within(table).getByRole('columnheader', { name: /Revenue/ });
    expect(revenue).toHaveAttribute('aria-sort', 'descending');

    await user.click(within(table).getByRole('button', { name: /Revenue/ }));
    await waitFor(() => expect(asked().sort).toBe('-revenue'));
    await user.click(within(screen.getByRole('table', { name: 'Products' })).getByRole('button', { name: /Views/ }));
    await waitFor(() => expect(asked().sort).toBe('views'));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(asked().page).toBe('2'));
    await user.type(screen.getByRole('searchbox', { name: 'Search products' }), 'jhabla');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(asked()).toMatchObject({ q: 'jhabla', page: '1', sort: 'views' }));

    await user.click(screen.getByRole('button', { name: 'Per category' }));
    await waitFor(() => expect(asked()).toMatchObject({ by: 'category', page: '1' }));
    await expectDownload(user, 'Categories', 'kapaas-categories-2026-11-23-2026-11-29.csv');
  });
});
