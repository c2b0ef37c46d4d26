import type { AdminOrder } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { codOrder, paidOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/** An order paid by UPI in the sandbox, as the API answers it. */
const upiOrder: AdminOrder = {
  ...paidOrder,
  paid_by: 'upi',
  payments: paidOrder.payments.map((payment) => ({
    ...payment,
    method: 'upi',
    vpa: 'success@razorpay',
    card: null,
  })),
};

describe('how each order was paid, in the console', () => {
  it('the order page names the method and its detail: UPI and the UPI id, a card’s network and last four', async () => {
    signIn();
    stubAdminApi({ 'GET orders/42': { success: true, data: upiOrder } });
    renderRoute('/orders/42');
    const payments = (await screen.findByRole('heading', { name: 'Payment and refunds' })).parentElement as HTMLElement;
    expect(await within(payments).findByText(/UPI · success@razorpay/)).toBeInTheDocument();
    expect(screen.getByText('Paid by UPI')).toBeInTheDocument();
  });

  it('shows a card as its network and last four digits', async () => {
    signIn();
    stubAdminApi({ 'GET orders/42': { success: true, data: paidOrder } });
    renderRoute('/orders/42');
    const payments = (await screen.findByRole('heading', { name: 'Payment and refunds' })).parentElement as HTMLElement;
    expect(await within(payments).findByText(/Card · Visa ···· 1111/)).toBeInTheDocument();
  });

  it('the list shows the method on each row and filters by it', async () => {
    signIn();
    const { sent } = stubAdminApi({
      'GET orders': (request: SentRequest) =>
        page(request.query.get('paid_by') === 'cod' ? [codOrder] : [upiOrder, { ...codOrder, id: 43 }]),
    });
    const { user } = renderRoute('/orders');
    const row = (await screen.findByRole('link', { name: '#42' })).closest('tr') as HTMLElement;
    expect(within(row).getByTitle('Paid by UPI')).toHaveTextContent('UPI');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Paid by' }), 'UPI');
    await screen.findByRole('link', { name: '#42' });
    const lists = sent.filter((request) => request.path === 'orders');
    expect(lists.at(-1)?.query.get('paid_by')).toBe('upi');
  });

  it('the dashboard shows how the last 30 days’ orders were paid, with counts and shares', async () => {
    signIn();
    stubAdminApi({
      'GET orders': page([]),
      'GET products': page([]),
      'GET dashboard': {
        success: true,
        data: {
          cod_to_collect: { count: 0, amount: 0 },
          returns_to_handle: { to_decide: 0, to_settle: 0 },
          paid_by: [
            { paid_by: 'upi', count: 6, share: 0.6 },
            { paid_by: 'cod', count: 3, share: 0.3 },
            { paid_by: null, count: 1, share: 0.1 },
          ],
        },
      },
    });
    renderRoute('/');
    const section = (await screen.findByRole('heading', { name: 'How orders were paid (30 days)' }))
      .parentElement as HTMLElement;
    const rows = await within(section).findAllByRole('row');
    expect(rows.slice(1).map((r) => r.textContent)).toEqual(['UPI660%', 'Cash on delivery330%', 'Not recorded110%']);
    expect(within(section).getByRole('link', { name: 'UPI' })).toHaveAttribute('href', '/orders?paid_by=upi');
  });
});
