import type { AdminOrder } from '@kapaas/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { paidOrder } from '#admin/test/fixtures.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

describe('the prepaid discount on the console’s order page', () => {
  it('shows the discount the shopper got for paying online among the totals', async () => {
    const order: AdminOrder = { ...paidOrder, prepaid_discount: 55, total: paidOrder.total - 55 };
    signIn();
    stubAdminApi({ 'GET orders/42': { success: true, data: order } });
    renderRoute('/orders/42');
    const label = await screen.findByText('Prepaid discount (paid online)');
    expect(label.nextElementSibling).toHaveTextContent('−₹55');
  });

  it('leaves the line out when there is none', async () => {
    signIn();
    stubAdminApi({ 'GET orders/42': { success: true, data: paidOrder } });
    renderRoute('/orders/42');
    expect(await screen.findByRole('heading', { name: 'Payment and refunds' })).toBeInTheDocument();
    expect(screen.queryByText('Prepaid discount (paid online)')).toBeNull();
  });
});
