import type { AdminOrder } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { paidOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/** The contract's pattern for an idempotency key. */
const KEY = /^[A-Za-z0-9_-]{10,40}$/;

const refundKeys = (sent: SentRequest[]) =>
  sent
    .filter((request) => request.path === 'orders/42/refund')
    .map((request) => (request.body as { idempotency_key?: string }).idempotency_key);

describe('refunding part of an order', () => {
  it('says on the field when the amount is more than is left, without asking or sending', async () => {
    signIn();
    const { sent } = stubAdminApi({ 'GET orders/42': { success: true, data: paidOrder } });
    const { user } = renderRoute('/orders/42');
    const amount = await screen.findByLabelText('Amount to refund');
    await user.type(amount, '600');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    expect(await screen.findByText('At most ₹549 can still be refunded.')).toBeInTheDocument();
    expect(amount).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(sent.some((request) => request.path === 'orders/42/refund')).toBe(false);
  });

  it('sends a partial amount in rupees once the owner confirms it', async () => {
    signIn();
    const partlyRefunded = {
      ...paidOrder,
      refunded: 100,
      payments: paidOrder.payments.map((payment) => ({ ...payment, refunded: 100 })),
    };
    const { sent } = stubAdminApi({
      'GET orders/42': { success: true, data: paidOrder },
      'POST orders/42/refund': { success: true, data: partlyRefunded },
    });
    const { user } = renderRoute('/orders/42');
    await user.type(await screen.findByLabelText('Amount to refund'), '100');
    await user.type(screen.getByLabelText('Reason (for the records)'), 'Button missing');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₹100 on order #42?' });
    expect(dialog).toHaveTextContent('The order keeps its status.');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText('₹100 refunded to the customer.')).toBeInTheDocument();
    expect(sent.filter((request) => request.path === 'orders/42/refund').map((request) => request.body)).toEqual([
      { amount: 100, note: 'Button missing', idempotency_key: expect.stringMatching(KEY) },
    ]);
  });
});

describe('a refund sent twice', () => {
  it('keeps its key when retried after a failure, and the next refund gets a new one', async () => {
    signIn();
    let order = paidOrder;
    let answers = 0;
    const { sent } = stubAdminApi({
      'GET orders/42': () => ({ success: true, data: order }),
      'POST orders/42/refund': (request: SentRequest) => {
        answers += 1;
        // The first answer is lost on the way, as when the connection drops.
        if (answers === 1) return json(503, { success: false, message: 'The server could not answer. Try again.' });
        const amount = (request.body as { amount: number }).amount;
        order = {
          ...order,
          refunded: order.refunded + amount,
          payments: order.payments.map((payment) => ({ ...payment, refunded: payment.refunded + amount })),
        };
        return { success: true, data: order };
      },
    });
    const { user } = renderRoute('/orders/42');
    await user.type(await screen.findByLabelText('Amount to refund'), '100');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    let dialog = await screen.findByRole('dialog', { name: 'Refund ₹100 on order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('The server could not answer. Try again.');

    // The owner steps back and sends the same refund again.
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    dialog = await screen.findByRole('dialog', { name: 'Refund ₹100 on order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText('₹100 refunded to the customer.')).toBeInTheDocument();

    // Another ₹100, asked for afterwards, is another refund.
    await user.type(screen.getByLabelText('Amount to refund'), '100');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    dialog = await screen.findByRole('dialog', { name: 'Refund ₹100 on order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(refundKeys(sent)).toHaveLength(3));
    const [first, retry, next] = refundKeys(sent);
    expect(first).toMatch(KEY);
    expect(retry).toBe(first);
    expect(next).toMatch(KEY);
    expect(next).not.toBe(first);
  });

  it('gets a new key when the owner changes the amount after a failure', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET orders/42': { success: true, data: paidOrder },
      'POST orders/42/refund': () => json(503, { success: false, message: 'The server could not answer. Try again.' }),
    });
    const { user } = renderRoute('/orders/42');
    const amount = await screen.findByLabelText('Amount to refund');
    await user.type(amount, '100');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    let dialog = await screen.findByRole('dialog', { name: 'Refund ₹100 on order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    await within(dialog).findByRole('alert');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));

    await user.clear(amount);
    await user.type(amount, '50');
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    dialog = await screen.findByRole('dialog', { name: 'Refund ₹50 on order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    await waitFor(() => expect(refundKeys(sent)).toHaveLength(2));
    const [first, second] = refundKeys(sent);
    expect(second).not.toBe(first);
  });
});

describe('an unpaid order holding a payment the shop did not accept', () => {
  it.each(['expired', 'payment_failed'] as const)('offers to refund it when %s', async (status) => {
    signIn();
    let order: AdminOrder = { ...paidOrder, status, paid_at: null, next_statuses: [] };
    const { sent } = stubAdminApi({
      'GET orders/42': () => ({ success: true, data: order }),
      'POST orders/42/refund': () => {
        const payments = order.payments.map((payment) => ({ ...payment, refunded: 549, status: 'refunded' as const }));
        order = { ...order, refunded: 549, payments };
        return { success: true, data: order };
      },
    });
    const { user } = renderRoute('/orders/42');
    expect(await screen.findByLabelText('Amount to refund')).toHaveAccessibleDescription(
      'Up to ₹549. Leave empty to refund everything left.',
    );
    expect(screen.queryByText('Nothing left to refund on this order.')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₹549 on order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, refund' }));
    expect(await screen.findByText('₹549 refunded to the customer.')).toBeInTheDocument();
    expect(screen.getByText('Nothing left to refund on this order.')).toBeInTheDocument();
    expect(sent.filter((request) => request.path === 'orders/42/refund')).toHaveLength(1);
  });

  it('says there is nothing to refund when its payment failed', async () => {
    signIn();
    const failed: AdminOrder = {
      ...paidOrder,
      status: 'payment_failed',
      paid_at: null,
      next_statuses: [],
      payments: paidOrder.payments.map((payment) => ({ ...payment, status: 'failed' as const })),
    };
    stubAdminApi({ 'GET orders/42': { success: true, data: failed } });
    renderRoute('/orders/42');
    expect(await screen.findByText('Nothing left to refund on this order.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Amount to refund')).toBeNull();
  });
});

describe('a paid order holding a second payment the shop refused, whose refund failed', () => {
  it('refunds that payment, and says the order keeps its status', async () => {
    signIn();
    const accepted = paidOrder.payments[0] as AdminOrder['payments'][number];
    const refused = {
      ...accepted,
      provider_payment_id: 'pay_2',
      amount: 549,
      status: 'refund_failed' as const,
      refusal_reason: 'the order had already been paid by another payment',
    };
    const twice: AdminOrder = { ...paidOrder, payments: [accepted, refused] };
    stubAdminApi({ 'GET orders/42': { success: true, data: twice } });
    const { user } = renderRoute('/orders/42');
    await user.click(await screen.findByRole('button', { name: 'Refund' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refund ₹549 on order #42?' });
    expect(dialog).toHaveTextContent('The order keeps its status.');
    expect(dialog).not.toHaveTextContent('cancelled');
  });
});
