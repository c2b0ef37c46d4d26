import type { AdminOrder } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { paidOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/** An expired order still holding a payment the shop did not accept, and an expired one with none. */
const expiredWithPayment: AdminOrder = {
  ...paidOrder,
  id: 43,
  status: 'expired',
  paid_at: null,
  next_statuses: [],
  payments: paidOrder.payments.map((payment) => ({ ...payment, provider_payment_id: 'pay_43' })),
};
const expiredUnpaid: AdminOrder = { ...expiredWithPayment, id: 44, payments: [] };

/** An admin API holding these orders; order 42 moves as the console asks. */
function ordersApi() {
  let paid = paidOrder;
  const orders = () => [paid, expiredWithPayment, expiredUnpaid];
  const api = stubAdminApi({
    'GET orders': () => page(orders()),
    'GET orders/42': () => ({ success: true, data: paid }),
    'GET orders/43': { success: true, data: expiredWithPayment },
    'GET orders/44': { success: true, data: expiredUnpaid },
    'POST orders/42/status': (request: SentRequest) => {
      const { status } = request.body as { status: AdminOrder['status'] };
      if (!paid.next_statuses.includes(status)) {
        return json(409, { success: false, message: `An order that is ${paid.status} cannot become ${status}.` });
      }
      paid = { ...paid, status, next_statuses: status === 'packed' ? ['shipped'] : [] };
      return { success: true, data: paid };
    },
  });
  return api;
}

const row = async (orderId: number) =>
  (await screen.findByRole('link', { name: `#${orderId}` })).closest('tr') as HTMLElement;

const listLoads = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'GET' && request.path === 'orders').length;

describe('actions in the order list', () => {
  it('marks a paid order packed from its row, then shows the list as it is now', async () => {
    signIn();
    const { sent } = ordersApi();
    const { user } = renderRoute('/orders?status=');
    const paid = await row(42);
    await user.click(within(paid).getByRole('button', { name: 'Actions for order #42' }));
    const packing = await within(paid).findByRole('button', { name: 'Mark packed' });
    expect(within(paid).getByRole('button', { name: 'Cancel order…' })).toBeInTheDocument();
    expect(within(paid).getByRole('link', { name: 'Refund… (up to ₹549)' })).toBeInTheDocument();
    await user.click(packing);

    expect(await screen.findByRole('status')).toHaveTextContent('Order #42 is now packed.');
    expect(
      sent.filter((request) => request.path === 'orders/42/status').map((request) => [request.method, request.body]),
    ).toEqual([['POST', { status: 'packed' }]]);
    await waitFor(() => expect(within(paid).getByText('Packed')).toBeInTheDocument());
    expect(listLoads(sent)).toBe(2);

    // Packed now, the order offers the next step only.
    await user.click(within(paid).getByRole('button', { name: 'Actions for order #42' }));
    expect(await within(paid).findByRole('button', { name: 'Mark shipped' })).toBeInTheDocument();
    expect(within(paid).queryByRole('button', { name: 'Mark packed' })).toBeNull();
  });

  it('cancels from a row only after the owner confirms', async () => {
    signIn();
    const { sent } = ordersApi();
    const { user } = renderRoute('/orders?status=');
    const paid = await row(42);
    await user.click(within(paid).getByRole('button', { name: 'Actions for order #42' }));
    await user.click(await within(paid).findByRole('button', { name: 'Cancel order…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    expect(sent.some((request) => request.path === 'orders/42/status')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Order #42 is now cancelled.');
    expect(sent.filter((request) => request.path === 'orders/42/status').map((request) => request.body)).toEqual([
      { status: 'cancelled' },
    ]);
  });

  it('leads from a row with money to give back to the refund form of its order', async () => {
    signIn();
    ordersApi();
    const { user, router } = renderRoute('/orders?status=');
    const paid = await row(42);
    await user.click(within(paid).getByRole('button', { name: 'Actions for order #42' }));
    await user.click(await within(paid).findByRole('link', { name: 'Refund… (up to ₹549)' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/orders/42'));
    expect(router.state.location.hash).toBe('#refund');
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Payment and refunds' })).toHaveFocus());
    expect(screen.getByLabelText('Amount to refund')).toBeInTheDocument();
  });

  it('offers the refund of an expired order’s payment, and nothing for an order without one', async () => {
    signIn();
    ordersApi();
    const { user } = renderRoute('/orders?status=');
    const expired = await row(43);
    await user.click(within(expired).getByRole('button', { name: 'Actions for order #43' }));
    expect(await within(expired).findByRole('link', { name: 'Refund… (up to ₹549)' })).toHaveAttribute(
      'href',
      '/orders/43#refund',
    );
    expect(within(expired).queryByRole('button', { name: /^Mark/ })).toBeNull();

    const unpaid = await row(44);
    await user.click(within(unpaid).getByRole('button', { name: 'Actions for order #44' }));
    expect(await within(unpaid).findByText('Nothing to do now')).toBeInTheDocument();
    expect(within(unpaid).queryByRole('link', { name: /^Refund/ })).toBeNull();
  });

  it('shows the server’s refusal of a move above the list', async () => {
    signIn();
    stubAdminApi({
      'GET orders': page([paidOrder]),
      'GET orders/42': { success: true, data: paidOrder },
      'POST orders/42/status': () =>
        json(409, { success: false, message: 'The order changed meanwhile: it is already cancelled.' }),
    });
    const { user } = renderRoute('/orders?status=');
    const paid = await row(42);
    await user.click(within(paid).getByRole('button', { name: 'Actions for order #42' }));
    await user.click(await within(paid).findByRole('button', { name: 'Mark packed' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('The order changed meanwhile: it is already cancelled.');
  });
});

describe('finding payments whose refund failed', () => {
  it('lists the orders holding one under their own tab, and leaves it for another', async () => {
    signIn();
    const { sent } = ordersApi();
    const { user } = renderRoute('/orders');
    await user.click(await screen.findByRole('button', { name: 'Refund failed' }));
    await waitFor(() =>
      expect(
        sent
          .filter((request) => request.path === 'orders')
          .at(-1)
          ?.query.get('payment_status'),
      ).toBe('refund_failed'),
    );
    expect(screen.getByRole('button', { name: 'Refund failed' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: 'To pack' }));
    await waitFor(() =>
      expect(
        sent
          .filter((request) => request.path === 'orders')
          .at(-1)
          ?.query.get('status'),
      ).toBe('paid'),
    );
    expect(
      sent
        .filter((request) => request.path === 'orders')
        .at(-1)
        ?.query.has('payment_status'),
    ).toBe(false);
  });
});
