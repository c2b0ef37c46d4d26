import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '#admin/test/downloads.ts';
import { json, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';
import { answer, expectCsvEqualsTable, noSales, salesReport } from '#admin/test/reports.ts';

// 20:00 UTC on 28 November is 01:30 on the 29th in India: the reports' today is the 29th, whatever the browser's zone.
const NOW = new Date('2026-11-28T20:00:00Z');

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NOW);
  signIn();
});

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function salesAsked(sent: { path: string; query: URLSearchParams }[]) {
  return sent.filter((request) => request.path === 'reports/sales').map((request) => Object.fromEntries(request.query));
}

describe('the sales report', () => {
  it('is under Reports in the navigation and asks for the last 30 of India’s days by day', async () => {
    const { sent } = stubAdminApi({ 'GET reports/sales': answer(salesReport) });
    const { user } = renderRoute('/');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Sections' })).getByRole('link', { name: 'Reports' }),
    );

    expect(await screen.findByRole('heading', { name: 'Reports' })).toBeInTheDocument();
    await screen.findByRole('heading', { name: 'Revenue over time' });
    expect(salesAsked(sent)).toEqual([{ from: '2026-10-31', to: '2026-11-29', interval: 'day' }]);
    expect(screen.getByText(/31 Oct 2026 – 29 Nov 2026/)).toHaveTextContent('compared with 1 Oct 2026 – 30 Oct 2026');
  });

  it('shows the totals, each with its change on the previous period', async () => {
    stubAdminApi({ 'GET reports/sales': answer(salesReport) });
    renderRoute('/reports/sales');

    const revenue = (await screen.findByRole('heading', { name: 'Net revenue' })).parentElement as HTMLElement;
    expect(revenue).toHaveTextContent('₹12,345.5 ▲ 12%up 12% on the previous period (₹11,000)');
    expect(revenue).toHaveTextContent('₹13,000 paid, less ₹654.5 refunded');
    const orders = screen.getByRole('heading', { name: 'Orders' }).parentElement as HTMLElement;
    expect(orders).toHaveTextContent('20 ▼ 20%down 20% on the previous period (25)');
    const units = screen.getByRole('heading', { name: 'Units' }).parentElement as HTMLElement;
    expect(units).toHaveTextContent('31 = 0%');
    const newCustomers = screen.getByRole('heading', { name: 'New customers' }).parentElement as HTMLElement;
    expect(newCustomers).toHaveTextContent('12 new');
  });

  it('asks for each preset’s days, in India’s calendar, and for a custom period once it is valid', async () => {
    const { sent } = stubAdminApi({ 'GET reports/sales': answer(salesReport) });
    const { user, router } = renderRoute('/reports/sales');
    await screen.findByRole('heading', { name: 'Revenue over time' });
    const period = screen.getByRole('combobox', { name: 'Period' });

    const choices: [string, string, string][] = [
      ['Today', '2026-11-29', '2026-11-29'],
      ['Last 7 days', '2026-11-23', '2026-11-29'],
      ['This month', '2026-11-01', '2026-11-29'],
      ['Last month', '2026-10-01', '2026-10-31'],
      ['This financial year', '2026-04-01', '2026-11-29'],
    ];
    for (const [label, from, to] of choices) {
      await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), label);
      await waitFor(() => expect(salesAsked(sent).at(-1)).toEqual({ from, to, interval: 'day' }));
    }
    // The same control throughout: a keyboard user's focus is not lost by a switch.
    expect(screen.getByRole('combobox', { name: 'Period' })).toBe(period);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'Custom');
    const from = screen.getByLabelText('From');
    const to = screen.getByLabelText('To');
    await user.clear(from);
    await user.type(from, '2026-11-10');
    await user.clear(to);
    await user.type(to, '2026-11-05');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(await screen.findByText('The last day cannot be before the first.')).toBeInTheDocument();
    expect(salesAsked(sent).at(-1)).toEqual({ from: '2026-04-01', to: '2026-11-29', interval: 'day' });

    await user.clear(to);
    await user.type(to, '2026-11-15');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    await waitFor(() =>
      expect(salesAsked(sent).at(-1)).toEqual({ from: '2026-11-10', to: '2026-11-15', interval: 'day' }),
    );

    // Applied, the custom period is the address's: going back to a preset closes its fields.
    await act(() => router.navigate(-1));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('fy'));
    expect(screen.queryByLabelText('From')).toBeNull();
  });

  it('switches the chart between days, weeks and months', async () => {
    const { sent } = stubAdminApi({ 'GET reports/sales': answer(salesReport) });
    const { user } = renderRoute('/reports/sales?period=7d');
    await screen.findByRole('heading', { name: 'Revenue over time' });

    await user.click(screen.getByRole('button', { name: 'Week' }));
    await waitFor(() =>
      expect(salesAsked(sent).at(-1)).toEqual({ from: '2026-11-23', to: '2026-11-29', interval: 'week' }),
    );
    await user.click(screen.getByRole('button', { name: 'Month' }));
    await waitFor(() => expect(salesAsked(sent).at(-1)?.interval).toBe('month'));
    expect(screen.getByRole('button', { name: 'Month' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('draws the chart for screen readers as the table of the same numbers, which the Table button shows', async () => {
    stubAdminApi({ 'GET reports/sales': answer(salesReport) });
    const { user } = renderRoute('/reports/sales?period=7d');

    const chart = await screen.findByRole('img', { name: 'Revenue over time' });
    const table = screen.getByRole('table', { name: 'Revenue over time' });
    expect(chart).toHaveAttribute('aria-describedby', table.id);
    expect(table.parentElement).toHaveClass('visually-hidden');
    expect(chart.querySelectorAll('rect')).toHaveLength(3);
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows).toEqual([
      'DayRevenue (₹)OrdersUnits',
      '2026-11-23₹5,000812',
      '2026-11-24₹000',
      '2026-11-25₹7,345.51219',
    ]);

    await user.click(screen.getByRole('button', { name: 'Table' }));
    expect(screen.queryByRole('img', { name: 'Revenue over time' })).toBeNull();
    expect(screen.getByRole('table', { name: 'Revenue over time' }).parentElement).toHaveClass('table-responsive');
  });

  it('downloads a CSV holding exactly the table, named after the report and the period', async () => {
    stubAdminApi({ 'GET reports/sales': answer(salesReport) });
    const downloads = catchDownloads();
    const { user } = renderRoute('/reports/sales?period=7d');
    await screen.findByRole('heading', { name: 'Revenue over time' });

    await user.click(screen.getByRole('button', { name: 'Download CSV' }));
    expect(downloads.names).toEqual(['kapaas-sales-2026-11-23-2026-11-29.csv']);
    const csv = await (downloads.files[0] as Blob).text();
    expect(csv.replace(/^\uFEFF/, '')).toBe(
      'Day,Revenue (₹),Orders,Units\r\n2026-11-23,5000.00,8,12\r\n2026-11-24,0.00,0,0\r\n2026-11-25,7345.50,12,19\r\n',
    );
    expectCsvEqualsTable(csv, screen.getByRole('table', { name: 'Revenue over time' }));
  });

  it('says so when the period had no sales, and offers no empty file', async () => {
    stubAdminApi({ 'GET reports/sales': answer(noSales) });
    renderRoute('/reports/sales');

    expect(await screen.findByText('No sales in this period.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Download CSV' })).toBeDisabled();
  });

  it('shows the API’s refusal, and offers a retry when the shop failed', async () => {
    let failures = 0;
    stubAdminApi({
      'GET reports/sales': () => {
        failures += 1;
        return failures === 1
          ? json(503, { success: false, message: 'The shop is busy. Try again in a moment.' })
          : answer(salesReport);
      },
    });
    const { user } = renderRoute('/reports/sales');

    expect(await screen.findByText('The shop is busy. Try again in a moment.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Revenue over time' })).toBeInTheDocument();
  });

  it('says what the API refused, without a retry that would be refused again', async () => {
    stubAdminApi({
      'GET reports/sales': () => json(400, { success: false, message: 'A report covers at most 731 days.' }),
    });
    renderRoute('/reports/sales');

    expect(await screen.findByText('A report covers at most 731 days.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });

  it('follows the address when it changes under it (back and forward), custom period included', async () => {
    const { sent } = stubAdminApi({ 'GET reports/sales': answer(salesReport) });
    const { router } = renderRoute('/reports/sales?period=custom&from=2026-11-01&to=2026-11-10');
    await screen.findByRole('heading', { name: 'Revenue over time' });
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('custom');
    expect(screen.getByLabelText('From')).toHaveValue('2026-11-01');

    await act(() => router.navigate('/reports/sales?period=7d'));
    await waitFor(() =>
      expect(salesAsked(sent).at(-1)).toEqual({ from: '2026-11-23', to: '2026-11-29', interval: 'day' }),
    );
    expect(screen.getByRole('combobox', { name: 'Period' })).toHaveValue('7d');
    expect(screen.queryByLabelText('From')).toBeNull();
  });
});
