import type { AdminOrder } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { codOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/** The moves of a cash-on-delivery order, as the server lists them (product.md §14). */
const MOVES: Partial<Record<AdminOrder['status'], AdminOrder['next_statuses']>> = {
  cod_pending_confirmation: ['cod_confirmed', 'cancelled'],
  cod_confirmed: ['packed', 'cancelled'],
  packed: ['shipped'],
  shipped: ['delivered', 'returned_to_origin'],
};

/** An admin API holding one cash-on-delivery order, starting as `start`, that changes as the server would. */
function codApi(start: Partial<AdminOrder> = {}) {
  let order: AdminOrder = { ...codOrder, ...start };
  const refuse = (message: string) => json(409, { success: false, message });
  return stubAdminApi({
    'GET orders/42': () => ({ success: true, data: order }),
    'GET orders': () => page([order]),
    'POST orders/42/status': (request: SentRequest) => {
      const { status } = request.body as { status: AdminOrder['status'] };
      if (!order.next_statuses.includes(status))
        return refuse(`An order that is ${order.status} cannot become ${status}.`);
      const due = ['cancelled', 'returned_to_origin'].includes(status) ? 0 : order.cod_to_collect;
      order = { ...order, status, cod_to_collect: due, next_statuses: MOVES[status] ?? [] };
      return { success: true, data: order };
    },
    'POST orders/42/cod-collected': () => {
      if (order.status !== 'delivered' || order.paid_at !== null) return refuse('The cash is already recorded.');
      order = { ...order, paid_at: '2026-11-25T10:00:00.000Z', cod_to_collect: 0 };
      return { success: true, data: order };
    },
    'POST orders/42/return-received': () => {
      if (order.return_received_at !== null) return refuse('The return of this parcel is already recorded.');
      order = { ...order, return_received_at: '2026-11-25T10:00:00.000Z' };
      return { success: true, data: order };
    },
  });
}

const nextStep = async () => (await screen.findByRole('heading', { name: 'Next step' })).parentElement as HTMLElement;
const buttons = (within_: HTMLElement) =>
  within(within_)
    .getAllByRole('button')
    .map((button) => button.textContent);
const posts = (sent: SentRequest[]) =>
  sent.filter((request) => request.method === 'POST').map((request) => [request.path, request.body]);

describe('a cash-on-delivery order’s page', () => {
  it('says it is cash on delivery, with its fee, delivery date and the cash to collect; the owner confirms it', async () => {
    signIn();
    const { sent } = codApi();
    const { user } = renderRoute('/orders/42');
    const next = await nextStep();
    expect(screen.getByText('Cash on delivery')).toBeInTheDocument();
    expect(screen.getByText(/Delivery by 27 Nov 2026/)).toBeInTheDocument();
    expect(screen.getByText('Cash-on-delivery fee').nextElementSibling).toHaveTextContent('₹49');
    expect(screen.getByText(/To collect in cash on delivery/)).toHaveTextContent('₹598');
    expect(screen.getByText('Cash on delivery: ₹598 to collect.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund' })).toBeNull();
    expect(buttons(next)).toEqual(['Confirm order', 'Cancel order']);

    await user.click(within(next).getByRole('button', { name: 'Confirm order' }));
    expect(await screen.findByText('Order #42 is confirmed and ready to pack.')).toBeInTheDocument();
    expect(buttons(next)).toEqual(['Mark packed', 'Cancel order']);
    expect(posts(sent)).toEqual([['orders/42/status', { status: 'cod_confirmed' }]]);
  });

  it('cancelling says nothing is to be refunded', async () => {
    signIn();
    const { sent } = codApi({ status: 'cod_confirmed', next_statuses: MOVES.cod_confirmed });
    const { user } = renderRoute('/orders/42');
    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    expect(dialog).toHaveTextContent('nothing was paid, so there is nothing to refund');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('Order #42 is now cancelled.')).toBeInTheDocument();
    expect(posts(sent)).toEqual([['orders/42/status', { status: 'cancelled' }]]);
  });

  it('a shipped parcel is marked returned to origin only after confirming, then received back', async () => {
    signIn();
    const { sent } = codApi({ status: 'shipped', next_statuses: MOVES.shipped, invoice_number: null });
    const { user } = renderRoute('/orders/42');
    const next = await nextStep();
    expect(buttons(next)).toEqual(['Mark delivered', 'Returned to origin']);

    await user.click(within(next).getByRole('button', { name: 'Returned to origin' }));
    let dialog = await screen.findByRole('dialog', { name: 'Mark order #42 returned to origin?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(posts(sent)).toEqual([]);

    await user.click(within(next).getByRole('button', { name: 'Returned to origin' }));
    dialog = await screen.findByRole('dialog', { name: 'Mark order #42 returned to origin?' });
    expect(dialog).toHaveTextContent('credit note');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, it is coming back' }));
    expect(await screen.findByText('Order #42 is now returned to origin.')).toBeInTheDocument();
    expect(screen.queryByText(/To collect in cash on delivery/)).toBeNull();

    await user.click(within(next).getByRole('button', { name: 'Mark return received' }));
    expect(
      await screen.findByText('The parcel of order #42 is back: its items are in stock again.'),
    ).toBeInTheDocument();
    expect(within(next).queryByRole('button', { name: 'Mark return received' })).toBeNull();
    expect(posts(sent)).toEqual([
      ['orders/42/status', { status: 'returned_to_origin' }],
      ['orders/42/return-received', {}],
    ]);
  });

  it('records the cash of a delivered order after confirming, and then reads it paid', async () => {
    signIn();
    const { sent } = codApi({ status: 'delivered', next_statuses: [] });
    const { user } = renderRoute('/orders/42');
    const next = await nextStep();
    expect(within(next).queryByText('No status changes are possible for this order now.')).toBeNull();
    expect(next).toHaveTextContent('The courier is to hand over ₹598 in cash.');
    await user.click(within(next).getByRole('button', { name: 'Record cash collected' }));
    const dialog = await screen.findByRole('dialog', { name: 'Record ₹598 collected for order #42?' });
    await user.click(within(dialog).getByRole('button', { name: 'Yes, the cash is here' }));
    expect(await screen.findByText('Cash of ₹598 recorded: order #42 is paid.')).toBeInTheDocument();
    expect(within(next).queryByRole('button', { name: 'Record cash collected' })).toBeNull();
    expect(screen.getByText(/^Paid in cash on delivery: recorded/)).toBeInTheDocument();
    expect(posts(sent)).toEqual([['orders/42/cod-collected', {}]]);
  });

  it('offers no cash to record for a paid order, or an undelivered one', async () => {
    signIn();
    codApi({ status: 'delivered', next_statuses: [], paid_at: '2026-11-25T10:00:00.000Z', cod_to_collect: 0 });
    renderRoute('/orders/42');
    const next = await nextStep();
    expect(within(next).getByText('No status changes are possible for this order now.')).toBeInTheDocument();
    expect(within(next).queryByRole('button')).toBeNull();
  });
});

describe('cash on delivery in the order list, and the dashboard', () => {
  it('with an advance paid: "Advance paid ₹Y, ₹Z to collect", in the list too, and cancelling says it refunds the advance', async () => {
    signIn();
    const withAdvance = {
      status: 'cod_confirmed' as const,
      next_statuses: MOVES.cod_confirmed,
      cod_advance: 100,
      cod_to_collect: 498,
    };
    const { sent } = codApi(withAdvance);
    const { user } = renderRoute('/orders/42');
    await nextStep();
    expect(screen.getByText(/Advance paid/)).toHaveTextContent(
      'Advance paid ₹100, ₹498 to collect in cash on delivery',
    );
    expect(screen.getByText('Cash on delivery: advance paid ₹100, ₹498 to collect.')).toBeInTheDocument();
    expect(screen.queryByText(/^To collect in cash on delivery/)).toBeNull();

    await user.click(await screen.findByRole('button', { name: 'Cancel order' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel order #42?' });
    expect(dialog).toHaveTextContent('The advance of ₹100 paid online is refunded to the customer by cancelling.');
    expect(dialog).not.toHaveTextContent('nothing to refund');
    await user.click(within(dialog).getByRole('button', { name: 'Yes, cancel the order' }));
    expect(await screen.findByText('Order #42 is now cancelled.')).toBeInTheDocument();
    expect(posts(sent)).toEqual([['orders/42/status', { status: 'cancelled' }]]);
  });

  it('lists an order with an advance with the advance paid and the rest to collect', async () => {
    signIn();
    codApi({ status: 'cod_confirmed', cod_advance: 100, cod_to_collect: 498 });
    renderRoute('/orders');
    const row = (await screen.findByRole('link', { name: '#42' })).closest('tr') as HTMLElement;
    expect(row).toHaveTextContent('advance ₹100 paid, ₹498 to collect');
  });

  it('marks COD orders, shows the cash to collect, and filters by payment method', async () => {
    signIn();
    const { sent } = codApi();
    const { user } = renderRoute('/orders');
    const row = (await screen.findByRole('link', { name: '#42' })).closest('tr') as HTMLElement;
    expect(within(row).getByTitle('Cash on delivery')).toHaveTextContent('COD');
    expect(row).toHaveTextContent('₹598 to collect');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Payment method' }), 'Cash on delivery');
    await screen.findByRole('link', { name: '#42' });
    const lists = sent.filter((request) => request.path === 'orders');
    expect(lists.at(-1)?.query.get('payment_method')).toBe('cod');
  });

  it('shows the COD to collect and returns tiles, counts confirmed COD orders as to pack, only collected cash as revenue', async () => {
    signIn();
    const confirmed: AdminOrder = { ...codOrder, status: 'cod_confirmed' };
    // Today: one COD order delivered with its cash still out, one whose cash is recorded.
    const today: AdminOrder[] = [
      { ...codOrder, id: 50, status: 'delivered' },
      { ...codOrder, id: 51, status: 'delivered', paid_at: '2026-11-25T10:00:00.000Z', cod_to_collect: 0 },
    ];
    const { sent } = stubAdminApi({
      'GET orders': (request: SentRequest) => {
        const status = request.query.get('status');
        return page(status === 'cod_confirmed' ? [confirmed] : status === null ? today : []);
      },
      'GET products': page([]),
      'GET dashboard': {
        success: true,
        data: { cod_to_collect: { count: 3, amount: 2450 }, returns_to_handle: { to_decide: 2, to_settle: 1 } },
      },
    });
    renderRoute('/');
    const tile = (await screen.findByRole('heading', { name: 'COD to collect' })).parentElement as HTMLElement;
    expect(await within(tile).findByText('₹2,450')).toBeInTheDocument();
    expect(within(tile).getByRole('link', { name: '3 cash-on-delivery orders' })).toHaveAttribute(
      'href',
      '/orders?payment_method=cod',
    );
    const returns = (await screen.findByRole('heading', { name: 'Returns to handle' })).parentElement as HTMLElement;
    expect(await within(returns).findByText('3')).toBeInTheDocument();
    expect(within(returns).getByRole('link', { name: '2 to decide' })).toHaveAttribute(
      'href',
      '/returns?status=requested',
    );
    expect(within(returns).getByRole('link', { name: '1 to refund or ship' })).toHaveAttribute('href', '/returns');
    const packing = (await screen.findByRole('heading', { name: 'Orders awaiting packing' }))
      .parentElement as HTMLElement;
    expect(await within(packing).findByRole('link', { name: '#42' })).toBeInTheDocument();
    expect(packing).toHaveTextContent('Cash on delivery');
    const revenue = (await screen.findByRole('heading', { name: 'Revenue today' })).parentElement as HTMLElement;
    expect(await within(revenue).findByText('₹598')).toBeInTheDocument();
    const count = (await screen.findByRole('heading', { name: 'Orders today' })).parentElement as HTMLElement;
    expect(count).toHaveTextContent('1 paid');
    expect(sent.filter((r) => r.path === 'orders').map((r) => r.query.get('status'))).toEqual(
      expect.arrayContaining(['paid', 'cod_confirmed']),
    );
  });
});
