import type { FitFigures, FitReport, FitReportRow } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '#admin/lib/session.ts';
import { catchDownloads } from '#admin/test/downloads.ts';
import { stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { OWNER, renderRoute, signIn } from '#admin/test/renderRoute.tsx';
import { answer, expectCsvEqualsTable } from '#admin/test/reports.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-28T20:00:00Z'));
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

const none = { runs_small: 0, true_to_size: 0, runs_large: 0 };
const figures = (overrides: Partial<FitFigures>): FitFigures => ({
  delivered: 0,
  returned: 0,
  exchanged: 0,
  too_small: 0,
  too_big: 0,
  return_rate: null,
  exchange_rate: null,
  size_return_rate: null,
  fit: none,
  advices: 0,
  advice_bought: 0,
  advice_kept: 0,
  advice_kept_share: null,
  ...overrides,
});

const small = figures({
  delivered: 10,
  returned: 2,
  exchanged: 1,
  too_small: 3,
  return_rate: 0.2,
  exchange_rate: 0.1,
  size_return_rate: 0.3,
  fit: { runs_small: 4, true_to_size: 1, runs_large: 0 },
  advices: 8,
  advice_bought: 4,
  advice_kept: 3,
  advice_kept_share: 0.375,
});

const jhabla: FitReportRow = {
  product_id: 41,
  name: 'Mulmul Jhabla',
  category: 'Jhablas & tops',
  ...small,
  flag: 'runs_small',
  flag_basis: ['reviews', 'returns'],
  correction: {
    chart: 'category',
    direction: 'down',
    height_cm: 4,
    weight_kg: 0.6,
    words:
      "Buyers find it small: move each size's height range down by about 4 cm and its weight range down by about 0.6 kg (half a size step) in a chart of the product's own (copied from its category's, which its other products share), so that the size advice names a bigger size.",
  },
  sizes: [
    { size_id: 1, size: '0-3M', ...figures({ delivered: 6, returned: 2, too_small: 2, size_return_rate: 1 / 3 }) },
    { size_id: 2, size: '3-6M', ...figures({ delivered: 4, exchanged: 1, too_small: 1, size_return_rate: 0.25 }) },
  ],
};

const frock: FitReportRow = {
  product_id: 42,
  name: 'Gulmohar Frock',
  category: 'Frocks',
  ...figures({ delivered: 5, fit: { runs_small: 0, true_to_size: 3, runs_large: 0 } }),
  flag: null,
  flag_basis: [],
  correction: null,
  sizes: [{ size_id: 3, size: '1-2Y', ...figures({ delivered: 5 }) }],
};

const fitReport: FitReport = {
  from: '2026-11-23',
  to: '2026-11-29',
  rows: [jhabla, frock],
  page: 1,
  per_page: 25,
  total: 2,
};

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((row) => row.textContent);

describe('the fit report', () => {
  it('shows each product’s and size’s fit, flags the one that runs small with its correction and chart link', async () => {
    const { sent } = stubAdminApi({ 'GET reports/fit': answer(fitReport) });
    renderRoute('/reports/fit?period=7d');

    const flagged = await screen.findByRole('region', { name: 'Runs small or large' });
    expect(Object.fromEntries(sent[0]?.query ?? [])).toMatchObject({
      from: '2026-11-23',
      to: '2026-11-29',
      sort: 'size_return_rate',
      page: '1',
    });
    expect(within(flagged).getByRole('heading', { name: 'Mulmul Jhabla: Runs small' })).toBeInTheDocument();
    expect(within(flagged).queryByText(/Gulmohar/)).toBeNull();
    expect(flagged).toHaveTextContent(
      'Said by most fit answers in the reviews and most pieces sent back for their size.',
    );
    expect(flagged).toHaveTextContent("move each size's height range down by about 4 cm");
    expect(within(flagged).getByRole('link', { name: 'Open Mulmul Jhabla’s size chart' })).toHaveAttribute(
      'href',
      '/products/41',
    );
    expect(within(flagged).getByRole('link', { name: /Its category’s chart/ })).toHaveAttribute('href', '/size-charts');

    expect(rowsOf(screen.getByRole('table', { name: 'Fit by product' }))).toEqual([
      'ProductDeliveredReturned (size)Exchanged (size)Size return rate (%) ↓Too smallToo bigFit answersAdvisedAdvice boughtAdvice keptAdvice kept share (%)Flag',
      'Mulmul Jhabla102130%304 small · 1 true · 0 large84337.5%Runs small',
      'Gulmohar Frock500—000 small · 3 true · 0 large000—',
    ]);
    expect(rowsOf(screen.getByRole('table', { name: 'Fit by size' }))).toEqual([
      'ProductSizeDeliveredReturned (size)Exchanged (size)Size return rate (%)Too smallToo bigFit answersAdvisedAdvice boughtAdvice keptAdvice kept share (%)',
      'Mulmul Jhabla0-3M62033.3%20000—',
      'Mulmul Jhabla3-6M40125%10000—',
      'Gulmohar Frock1-2Y500—00000—',
    ]);
  });

  it('asks the API for another order when a column is sorted, and downloads the table it shows', async () => {
    const { sent } = stubAdminApi({ 'GET reports/fit': answer(fitReport) });
    const { user } = renderRoute('/reports/fit?period=7d');
    const table = await screen.findByRole('table', { name: 'Fit by product' });
    await user.click(within(table).getByRole('button', { name: /Size return rate/ }));
    await waitFor(() =>
      expect(Object.fromEntries(sent.at(-1)?.query ?? [])).toMatchObject({ sort: '-size_return_rate' }),
    );
    await user.click(within(table).getByRole('button', { name: /Advised/ }));
    await waitFor(() => expect(Object.fromEntries(sent.at(-1)?.query ?? [])).toMatchObject({ sort: 'advices' }));

    const downloads = catchDownloads();
    const section = screen.getByRole('region', { name: 'Fit by size' });
    await user.click(within(section).getByRole('button', { name: 'Download CSV' }));
    expect(downloads.names).toEqual(['kapaas-fit-sizes-2026-11-23-2026-11-29.csv']);
    expectCsvEqualsTable(await (downloads.files[0] as Blob).text(), within(section).getByRole('table'));
  });

  it('is a tab of the reports, for staff too', async () => {
    startSession({ token: 'staff-token', admin: { ...OWNER, id: 2, name: 'Ravi', role: 'staff' } });
    stubAdminApi({ 'GET reports/fit': answer({ ...fitReport, rows: [], total: 0 }) });
    renderRoute('/reports/fit?period=7d');
    expect(await screen.findByText('No product was delivered or advised in this period.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Fit' })).toHaveAttribute('aria-current', 'page');
  });
});
