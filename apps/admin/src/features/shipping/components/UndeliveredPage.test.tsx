import type { AdminShipmentListItem } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '#admin/lib/format.ts';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/** A parcel the courier failed to deliver twice. */
const failed: AdminShipmentListItem = {
  awb: '19041234567890',
  courier_name: 'Delhivery Surface',
  tracking_url: 'https://shiprocket.co/tracking/19041234567890',
  label_url: null,
  status: 'undelivered',
  attempts: 2,
  last_reason: 'Customer not available',
  etd: null,
  booked_at: '2026-11-24T10:00:00.000Z',
  order_id: 42,
  customer_name: 'Asha Rao',
  phone_number: '9876543210',
  status_at: '2026-11-26T09:15:00.000Z',
  answered: null,
};

/**
 * The admin API's queue as the server keeps it: the parcel stays until the courier moves it; `leaves` makes an action
 * take it off the queue (as the sandbox's RTO webhook does for a return); `refuse` answers the action instead.
 */
function queueApi(options: { leaves?: boolean; refuse?: (request: SentRequest) => Response } = {}) {
  let queue = [failed];
  return stubAdminApi({
    'GET shipments': () => ({ success: true, data: queue, page: 1, per_page: 20, total: queue.length }),
    [`POST shipments/${failed.awb}/ndr-action`]: (request) => {
      if (options.refuse) return options.refuse(request);
      if (options.leaves) queue = [];
      return { success: true, data: failed };
    },
  });
}

const actions = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'POST').map((request) => ({ path: request.path, body: request.body }));

const parcel = async () => within(await screen.findByRole('region', { name: 'Order #42' }));

describe('the undelivered queue', () => {
  it('lists each failed delivery with the order, the shopper to call, the courier’s reason, the attempts and since when', async () => {
    signIn();
    const { sent } = queueApi();
    renderRoute('/undelivered');

    expect(await screen.findByRole('heading', { level: 1, name: 'Undelivered parcels' })).toBeVisible();
    const card = await parcel();
    expect(card.getByRole('link', { name: 'Order #42' })).toHaveAttribute('href', '/orders/42');
    expect(card.getByText(/Asha Rao/)).toBeVisible();
    expect(card.getByRole('link', { name: '9876543210' })).toHaveAttribute('href', 'tel:+919876543210');
    expect(card.getByText('Customer not available')).toBeVisible();
    expect(card.getByText('2 failed attempts')).toBeVisible();
    // On the owner's clock, as every time in the console.
    expect(card.getByText(formatDateTime(failed.status_at))).toBeVisible();
    expect(card.getByText(/Delhivery Surface · AWB/)).toHaveTextContent('Delhivery Surface · AWB 19041234567890');
    const asked = sent.find((request) => request.path === 'shipments');
    expect(Object.fromEntries(asked?.query ?? [])).toEqual({ status: 'undelivered', page: '1', per_page: '20' });
    expect(screen.getByRole('link', { name: 'Undelivered' })).toHaveAttribute('href', '/undelivered');
  });

  it('says when the shopper already answered the last failed attempt on WhatsApp, so that nobody calls them', async () => {
    signIn();
    const answered = { ...failed, answered: { via: 'whatsapp' as const, at: '2026-11-26T10:05:00.000Z' } };
    stubAdminApi({ 'GET shipments': { success: true, data: [answered], page: 1, per_page: 20, total: 1 } });
    renderRoute('/undelivered');
    const card = await parcel();
    expect(card.getByText(/Answered by the shopper on WhatsApp/)).toHaveTextContent(
      `Answered by the shopper on WhatsApp, ${formatDateTime(answered.answered.at)}. Waiting for the courier’s next update.`,
    );
  });

  it('says so when no delivery failed', async () => {
    signIn();
    stubAdminApi({ 'GET shipments': { success: true, data: [], page: 1, per_page: 20, total: 0 } });
    renderRoute('/undelivered');
    expect(await screen.findByText(/No failed deliveries to act on/)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Re-attempt…' })).toBeNull();
  });

  it('asks for a re-attempt after a confirmation, with only the fields given; a bad phone is refused beside it first', async () => {
    signIn();
    const { sent } = queueApi();
    const { user } = renderRoute('/undelivered');
    await user.click((await parcel()).getByRole('button', { name: 'Re-attempt…' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Ask Delhivery Surface to deliver order #42 again?' }),
    );

    await user.type(dialog.getByLabelText('Phone number (optional)'), '12345');
    await user.click(dialog.getByRole('button', { name: 'Yes, try again' }));
    expect(await dialog.findByText('A 10-digit mobile number.')).toBeVisible();
    expect(dialog.getByLabelText('Phone number (optional)')).toHaveAttribute('aria-invalid', 'true');
    expect(actions(sent)).toEqual([]);

    await user.clear(dialog.getByLabelText('Phone number (optional)'));
    await user.type(dialog.getByLabelText('Phone number (optional)'), '9123456789');
    await user.type(dialog.getByLabelText('Deliver on (optional)'), '2026-11-28');
    await user.click(dialog.getByRole('button', { name: 'Yes, try again' }));

    expect(await screen.findByRole('status')).toHaveTextContent(
      'Asked Delhivery Surface to try order #42 again on 2026-11-28.',
    );
    // The dialog fades out (react-bootstrap's transition), so it leaves a moment after the status shows.
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(actions(sent)).toEqual([
      {
        path: `shipments/${failed.awb}/ndr-action`,
        body: { action: 're-attempt', date: '2026-11-28', phone: '9123456789' },
      },
    ]);
    // The queue is fetched again; the parcel stays until the courier reports its next attempt.
    expect(sent.filter((request) => request.path === 'shipments').length).toBeGreaterThanOrEqual(2);
    expect((await parcel()).getByText(/Waiting for the courier’s next update/)).toBeVisible();
  });

  it('shows the server’s refusal of a field beside it, and the courier being down in the dialog', async () => {
    signIn();
    let answer = json(400, {
      success: false,
      message: 'Please check the highlighted fields.',
      errors: { address: ['At least 5 characters.'] },
    });
    queueApi({ refuse: () => answer });
    const { user } = renderRoute('/undelivered');
    await user.click((await parcel()).getByRole('button', { name: 'Re-attempt…' }));
    const dialog = within(await screen.findByRole('dialog'));
    await user.type(dialog.getByLabelText('Corrected address (optional)'), 'Flat 4, Lane 2');
    await user.click(dialog.getByRole('button', { name: 'Yes, try again' }));
    expect(await dialog.findByText('At least 5 characters.')).toBeVisible();
    expect(dialog.getByLabelText('Corrected address (optional)')).toHaveAttribute('aria-invalid', 'true');

    answer = json(502, { success: false, message: 'The courier could not be reached. Try again in a few minutes.' });
    await user.click(dialog.getByRole('button', { name: 'Yes, try again' }));
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      'The courier could not be reached. Try again in a few minutes.',
    );
    expect(screen.getByRole('dialog')).toBeVisible();
  });

  it('returns the parcel to origin only after the owner confirms, and the queue empties', async () => {
    signIn();
    const { sent } = queueApi({ leaves: true });
    const { user } = renderRoute('/undelivered');
    await user.click((await parcel()).getByRole('button', { name: 'Return to origin…' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Bring order #42 back to the shop?' }));
    await user.click(dialog.getByRole('button', { name: 'Cancel' }));
    expect(actions(sent)).toEqual([]);

    await user.click((await parcel()).getByRole('button', { name: 'Return to origin…' }));
    await user.click(await screen.findByRole('button', { name: 'Yes, return to origin' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Asked Delhivery Surface to bring order #42 back to the shop.',
    );
    expect(actions(sent)).toEqual([{ path: `shipments/${failed.awb}/ndr-action`, body: { action: 'return' } }]);
    expect(await screen.findByText(/No failed deliveries to act on/)).toBeVisible();
  });
});
