import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { page, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

/** The dashboard's figures, with the last 30 days' prepaid and COD orders as given. */
function dashboardWith(paymentShares: unknown) {
  return {
    success: true,
    data: {
      cod_to_collect: { count: 0, amount: 0 },
      returns_to_handle: { to_decide: 0, to_settle: 0 },
      paid_by: [],
      payment_shares: paymentShares,
    },
  };
}

function stubDashboard(paymentShares: unknown) {
  signIn();
  stubAdminApi({
    'GET orders': page([]),
    'GET products': page([]),
    'GET dashboard': dashboardWith(paymentShares),
  });
}

describe('the dashboard’s prepaid share', () => {
  it('shows the prepaid and COD orders of 30 days with their shares, and the COD orders moved to prepaid', async () => {
    stubDashboard({
      prepaid: { count: 7, share: 0.7 },
      cod: { count: 3, share: 0.3 },
      cod_moved_to_prepaid: 2,
    });
    renderRoute('/');

    const heading = await screen.findByRole('heading', { name: 'Prepaid and cash on delivery (30 days)' });
    const section = heading.parentElement as HTMLElement;
    const rows = within(section).getAllByRole('row');
    expect(rows.slice(1).map((row) => row.textContent)).toEqual(['Prepaid (online)770%', 'Cash on delivery330%']);
    expect(within(section).getByText(/2 COD orders moved to prepaid/)).toBeInTheDocument();
  });

  it('is left out while there are no orders to share', async () => {
    stubDashboard({ prepaid: { count: 0, share: 0 }, cod: { count: 0, share: 0 }, cod_moved_to_prepaid: 0 });
    renderRoute('/');

    expect(await screen.findByRole('heading', { name: 'Dashboard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Prepaid and cash on delivery (30 days)' })).toBeNull();
  });
});
