import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

describe('Order success page', () => {
  it('shows N/A as the order id when opened without one, with links onward', async () => {
    stubApi({ category_list: categoryList });
    renderRoute('/Order-success');

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Placed Successfully !' })).toBeInTheDocument();
    expect(screen.getByText('N/A')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Track Order' })).toHaveAttribute('href', '/Orders');
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('shows the order id the checkout passes along', async () => {
    stubApi({ category_list: categoryList });
    const { router } = renderRoute('/');
    await router.navigate('/Order-success', { state: { orderId: 42 } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Placed Successfully !' })).toBeInTheDocument();
    expect(screen.getByText('Order ID:', { exact: false })).toHaveTextContent('Order ID: 42');
  });
});
