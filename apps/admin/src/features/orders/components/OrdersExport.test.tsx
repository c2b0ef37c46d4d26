import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '#admin/test/downloads.ts';
import { page, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the orders list', () => {
  it('downloads the orders it shows (the same status and dates) as a CSV file', async () => {
    signIn();
    const csv = 'order_id,placed_at\n42,2026-11-20T09:00:00.000Z\n';
    const { sent } = stubAdminApi({
      'GET orders': page([]),
      'GET orders.csv': () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }),
    });
    const downloads = catchDownloads();
    const { user } = renderRoute('/orders?status=paid&from=2026-11-01');
    await user.click(await screen.findByRole('button', { name: 'Download (CSV)' }));

    await waitFor(() => expect(downloads.names).toHaveLength(1));
    expect(downloads.names[0]).toMatch(/^kapaas-orders-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(await downloads.files[0]?.text()).toBe(csv);
    const request = sent.find((r) => r.path === 'orders.csv');
    expect(Object.fromEntries(request?.query ?? [])).toEqual({ status: 'paid', from: '2026-11-01' });
  });

  it('downloads the GST report of the month before by default, or of the month chosen', async () => {
    // Mid-January: the month before is December of the year before.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date(2027, 0, 15, 11, 0));
    signIn();
    const csv = 'document,number,date\ninvoice,KPS/26-27/000012,2026-12-20\n';
    const { sent } = stubAdminApi({
      'GET orders': page([]),
      'GET reports/gst.csv': () => new Response(csv, { headers: { 'Content-Type': 'text/csv' } }),
    });
    const downloads = catchDownloads();
    const { user } = renderRoute('/orders');
    const month = await screen.findByLabelText('GST report for');
    expect(month).toHaveValue('2026-12');
    const button = screen.getByRole('button', { name: 'Download GST report (CSV)' });

    await user.click(button);
    await waitFor(() => expect(downloads.names).toEqual(['gst-2026-12.csv']));
    expect(await downloads.files[0]?.text()).toBe(csv);

    fireEvent.change(month, { target: { value: '2026-11' } });
    await user.click(button);
    await waitFor(() => expect(downloads.names).toEqual(['gst-2026-12.csv', 'gst-2026-11.csv']));
    const reports = sent.filter((request) => request.path === 'reports/gst.csv');
    expect(reports.map((request) => Object.fromEntries(request.query))).toEqual([
      { month: '2026-12' },
      { month: '2026-11' },
    ]);
    expect(reports.every((request) => request.authorization === 'Bearer test-token')).toBe(true);
  });
});
