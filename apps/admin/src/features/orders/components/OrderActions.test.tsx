import type { AdminOrder } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { paidOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/** An admin API holding one order that moves as the console asks, within product.md §14. */
function orderApi(start: AdminOrder) {
  let order = start;
  const moves: Record<string, AdminOrder['next_statuses']> = {
    paid: ['packed', 'cancelled'],
    packed: ['shipped'],
    shipped: ['delivered'],
    cancelled: ['refunded'],
  };
  return stubAdminApi({
    'GET orders/42': () => ({ success: true, data: order }),
    'GET orders': () => ({ success: true, data: [order], page: 1, per_page: 20, total: 1 }),
    'POST orders/42/status': (request: SentRequest) => {
      const { status, customer_note } = request.body as { status: AdminOrder['status']; customer_note?: string };
      if (!order.next_statuses.includes(status)) {
        return json(409, { success: false, message: `An order that is ${order.status} cannot become ${status}.` });
      }
      const entry = { status, note: `Marked ${status}.`, customer_note: customer_note ?? null, at: order.created_at };
      order = { ...order, status, next_statuses: moves[status] ?? [], history: [...order.history, entry] };
      return { success: true, data: order };
    },
    'POST orders/42/refund': (request: SentRequest) => {
      const amount = (request.body as { amount?: number }).amount ?? order.total - order.refunded;
      order = { ...order, refunded: order.refunded + amount, status: 'refunded', next_statuses: [] };
      order.payments = order.payments.map((payment) => ({ ...payment, refunded: payment.refunded + amount }));
      return { success: true, data: order };
    },
  });
}

const statusCalls = (sent: SentRequest[]) =>
  sent.filter((request) => request.path === 'orders/42/status').map((request) => request.body);

describe('order actions', () => {
  it('offers a paid order only "Mark packed" and "Cancel order", then walks it to shipped', async () => {
    signIn();
    const { sent } = orderApi(paidOrder);
    const { user } = renderRoute('/orders/42');
    const next = (await screen.findByRole('heading', { name: 'Next step' })).parentElement as HTMLElement;
    expect(
      within(next)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark packed', 'Cancel order']);

    await user.click(within(next).getByRole('button', { name: 'Mark packed' }));
    expect(await screen.findByText('Order #42 is now packed.')).toBeInTheDocument();
    // The manual way stays beside the courier, for a shop without a courier contract.
    expect(
      within(next)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Mark shipped', 'Ship with courier']);

    // Shipping, the owner tells the customer how to follow the parcel.
    const message = within(next).getByRole('textbox', { name: 'Message for the customer (optional)' });
    expect(message).toHaveAccessibleDescription(/courier and the tracking number/);
    await user.type(message, 'Sent with DTDC: tracking number D1234567.');
    await user.click(within(next).getByRole('button', { name: 'Mark shipped' }));
    expect(
      await screen.findByText('Order #42 is now shipped. The customer sees your message on their order page.'),
    ).toBeInTheDocument();
    expect(message).toHaveValue('');
    expect(await screen.findByText('To the customer: “Sent with DTDC: tracking number D1234567.”')).toBeInTheDocument();
    expect(within(next).getByRole('button', { name: 'Mark delivered' })).toBeInTheDocument();
    expect(statusCalls(sent)).toEqual([
      { status: 'packed' },
      { status: 'shipped', customer_note: 'Sent with DTDC: tracking number D1234567.' },
    ]);
  });

  it('cancels only after the owner confirms, and not when they step back', async () => {
    signIn();
    const { sent } = orderApi(paidOrder);
    const { user } = renderRoute('/orders/42');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    let dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(statusCalls(sent)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Cancel order' }));
    dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('Order #42 is now cancelled.')).toBeInTheDocument();
    expect(statusCalls(sent)).toEqual([{ status: 'cancelled' }]);
  });

  it('shows the server’s refusal of a move', async () => {
    signIn();
    stubAdminApi({
      'GET orders/42': { success: true, data: paidOrder },
      'POST orders/42/status': () =>
        json(409, { success: false, message: 'The order changed meanwhile: it is already cancelled.' }),
    });
    const { user } = renderRoute('/orders/42');
    await user.click(await screen.findByRole('button', { name: 'Mark packed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The order changed meanwhile: it is already cancelled.');
  });

  it('refunds everything left after confirming, with the amount in rupees', async () => {
    signIn();
    const { sent } = orderApi(paidOrder);
    const { user } = renderRoute('/orders/42');
    expect(await screen.findByLabelText('Amount to refund')).toHaveAccessibleDescription(
      'Up to ₹549. Leave empty to refund everything left.',
    );
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₹549 on order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText('₹549 refunded to the customer.')).toBeInTheDocument();
    expect(sent.filter((request) => request.path === 'orders/42/refund').map((request) => request.body)).toEqual([
      { idempotency_key: expect.stringMatching(/^[A-Za-z0-9_-]{10,40}$/) },
    ]);
    expect(screen.getByText('Nothing left to refund on this order.')).toBeInTheDocument();
  });

  it('checks a partial refund’s amount before asking', async () => {
    signIn();
    const { sent } = orderApi(paidOrder);
    const { user } = renderRoute('/orders/42');
    await user.type(await screen.findByLabelText('Amount to refund'), '-5');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('Must be more than zero.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.some((request) => request.path === 'orders/42/refund')).toBe(false);
  });
});
