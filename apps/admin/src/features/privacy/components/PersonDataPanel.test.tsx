import type { AdminPrivacyRequestDetail } from '@kapaas/contract';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '#admin/lib/session.ts';
import { catchDownloads } from '#admin/test/downloads.ts';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { OWNER, renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const request: AdminPrivacyRequestDetail = {
  id: 8,
  kind: 'erasure',
  status: 'open',
  email: 'ravi@example.in',
  user_id: 21,
  message: 'Please delete my account.',
  created_at: '2026-11-01T06:30:00.000Z',
  confirmed_at: '2026-11-01T06:30:00.000Z',
  due_at: '2099-01-30T06:30:00.000Z',
  overdue: false,
  answer: null,
  answered_at: null,
  trail: [
    { at: '2026-11-01T06:30:00.000Z', who: 'ravi@example.in (account 21)', action: 'asked (erasure)', detail: null },
  ],
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe("A rights request's export and erasure", () => {
  it('downloads the JSON and the summary, and erases only once ERASE is typed; an open order is named beside it', async () => {
    signIn();
    const downloads = catchDownloads();
    let refused = true;
    const { sent } = stubAdminApi({
      'GET privacy-requests/8': { success: true, data: request },
      'GET privacy-requests/8/data': { data: { orders: [] } },
      'POST privacy-requests/8/erase': () => {
        if (!refused)
          return { success: true, message: 'Erased. Their orders and invoices stay for GST.', orders_kept: [4] };
        refused = false;
        const message = 'This person cannot be erased while an order is under way: #41.';
        return json(409, { success: false, message, code: 'OPEN_ORDERS', errors: { confirm: [message] } });
      },
    });
    const { user } = renderRoute('/privacy/requests/8');
    await user.click(await screen.findByRole('button', { name: 'Download data (JSON)' }));
    await waitFor(() => expect(downloads.names).toEqual(['kapaas-data-privacy-requests-8.json']));
    await user.click(screen.getByRole('button', { name: 'Download summary (HTML)' }));
    await waitFor(() => expect(downloads.names.at(-1)).toBe('kapaas-data-privacy-requests-8.html'));
    expect(
      sent.filter((call) => call.path === 'privacy-requests/8/data').map((call) => call.query.get('format')),
    ).toEqual(['json', 'html']);

    const erase = screen.getByRole('button', { name: 'Erase their data' });
    expect(erase).toBeDisabled();
    const confirm = screen.getByLabelText('To erase ravi@example.in’s data, type ERASE');
    await user.type(confirm, 'ERASE');
    await user.click(erase);
    expect(
      await screen.findByText('This person cannot be erased while an order is under way: #41.'),
    ).toBeInTheDocument();
    expect(confirm).toHaveAttribute('aria-invalid', 'true');
    await user.click(erase);
    expect(await screen.findByRole('status')).toHaveTextContent('Erased. Their orders and invoices stay for GST.');
    const posted = sent.filter((call: SentRequest) => call.method === 'POST').map((call) => call.body);
    expect(posted).toEqual([{ confirm: 'ERASE' }, { confirm: 'ERASE' }]);
  });

  it('offers nothing once the request’s person is erased', async () => {
    signIn();
    stubAdminApi({ 'GET privacy-requests/8': { success: true, data: { ...request, email: 'erased@invalid' } } });
    renderRoute('/privacy/requests/8');
    expect(await screen.findByText('Erased: nothing of the person is left.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Erase their data' })).toBeNull();
  });

  it('shows staff nothing of it', async () => {
    startSession({ token: 'staff-token', admin: { ...OWNER, id: 3, role: 'staff' } });
    stubAdminApi({ 'GET privacy-requests/8': { success: true, data: request } });
    renderRoute('/privacy/requests/8');
    expect(await screen.findByText('Please delete my account.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download data (JSON)' })).toBeNull();
  });
});
