import type { AdminOrder } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { codOrder, paidOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/** The shopper's two other open COD orders, as the server lists them: one by phone and address, one by account. */
const others: AdminOrder['open_cod_orders'] = [
  {
    id: 57,
    status: 'cod_confirmed',
    total: 1098,
    created_at: '2026-11-24T09:30:00.000Z',
    shared: ['phone', 'address'],
  },
  { id: 40, status: 'packed', total: 499, created_at: '2026-11-23T09:30:00.000Z', shared: ['shopper'] },
];

const card = () => screen.findByRole('region', { name: 'Other open cash-on-delivery orders' });

describe("the shopper's other open cash-on-delivery orders, on an order's page", () => {
  it('lists each with its status, total and what it shares with this one, linking to its page', async () => {
    signIn();
    stubAdminApi({
      'GET orders/42': { success: true, data: { ...codOrder, open_cod_orders: others } },
      'GET orders/57': { success: true, data: { ...codOrder, id: 57, status: 'cod_confirmed', open_cod_orders: [] } },
    });
    const { user } = renderRoute('/orders/42');
    const list = within(await card()).getAllByRole('listitem');
    expect(list.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Order #57 COD: to pack · ₹1,098 · placed .+same phone number, same address$/),
      expect.stringMatching(/^Order #40 Packed · ₹499 · placed .+same shopper$/),
    ]);
    const link = within(list[0] as HTMLElement).getByRole('link', { name: 'Order #57' });
    expect(link).toHaveAttribute('href', '/orders/57');
    await user.click(link);
    expect(await screen.findByRole('heading', { name: 'Order #57' })).toBeInTheDocument();
    expect(await card()).toHaveTextContent('None by this shopper, phone number or address.');
  });

  it('is left out of an order paid online that has none', async () => {
    signIn();
    stubAdminApi({ 'GET orders/42': { success: true, data: paidOrder } });
    renderRoute('/orders/42');
    await screen.findByRole('heading', { name: 'Order #42' });
    expect(screen.queryByRole('region', { name: 'Other open cash-on-delivery orders' })).toBeNull();
  });
});
