import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { catchDownloads } from '#admin/test/downloads.ts';
import { page, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

afterEach(() => {
  vi.restoreAllMocks();
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
});
