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

  it('tells a cash-on-delivery order what to pay at the door, and that the shop will call to confirm it', async () => {
    stubApi({ category_list: categoryList });
    const { router } = renderRoute('/');
    await router.navigate('/Order-success', {
      state: {
        orderId: 77,
        paymentMethod: 'cod',
        amountDue: 1348.5,
        deliveryBy: '2026-12-01',
        status: 'cod_pending_confirmation',
      },
    });

    expect(await screen.findByText('Pay ₹1,348.50 in cash on delivery.')).toBeInTheDocument();
    expect(screen.getByText('Payment:', { exact: false })).toHaveTextContent('Payment: Cash on delivery');
    expect(screen.getByText('We will call you to confirm the order before we pack it.')).toBeInTheDocument();
    expect(screen.getByText('Delivery by Tue, 1 Dec')).toBeInTheDocument();
  });

  it('tells a cash-on-delivery order confirmed on WhatsApp where to tap, and not that the shop will call', async () => {
    stubApi({ category_list: categoryList });
    const { router } = renderRoute('/');
    await router.navigate('/Order-success', {
      state: {
        orderId: 78,
        paymentMethod: 'cod',
        amountDue: 677,
        deliveryBy: '2026-12-01',
        status: 'cod_pending_confirmation',
        whatsappNumber: '+91 98470 12345',
      },
    });

    expect(
      await screen.findByText(
        'We have sent you a WhatsApp message at +91 98470 12345: tap Confirm order and we will pack it (or we will call you).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('We will call you to confirm the order before we pack it.')).toBeNull();
  });

  it('says nothing of cash for an order paid online', async () => {
    stubApi({ category_list: categoryList });
    const { router } = renderRoute('/');
    await router.navigate('/Order-success', { state: { orderId: 42, paymentMethod: 'online', deliveryBy: null } });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Placed Successfully !' })).toBeInTheDocument();
    expect(screen.queryByText(/cash on delivery/i)).toBeNull();
    expect(screen.queryByText(/Delivery by/)).toBeNull();
  });
});
