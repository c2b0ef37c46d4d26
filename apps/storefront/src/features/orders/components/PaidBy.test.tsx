import type { OrderDetail, OrderSummary } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { storeUser } from '#storefront/test/shopping.ts';

/** An order paid by UPI and packed. */
const upiOrder: OrderDetail = {
  order_id: 501,
  created_date: '2026-11-20T10:30:00.000Z',
  status: 'packed',
  total_items: 1,
  total: 959,
  payment_method: 'online',
  amount_due_on_delivery: 0,
  delivery_by: '2026-11-26',
  description: [
    {
      product_id: 2,
      product_image: '/media/romper.jpg',
      product_name: 'Muslin Romper',
      product_size: '3-6M',
      size_id: 3,
      product_quantity: 1,
      product_amount: 959,
      product_total: 959,
      return_rule: { kind: 'returnable', reason: '' },
    },
  ],
  shipping_address: {
    first_name: 'Asha',
    last_name: 'Menon',
    address: '12 Temple Road',
    state: 'Kerala',
    city: 'Kochi',
    pin_code: '682001',
    email_id: 'asha@example.in',
    phone_number: '9876543210',
  },
  shipping_charge: 0,
  items_total: 959,
  coupon_code: null,
  coupon_discount: 0,
  prepaid_discount: 0,
  cod_fee: 0,
  paid_at: '2026-11-20T10:30:00.000Z',
  payment_id: 'pay_Sbx9',
  paid_by: 'upi',
  invoice_number: 'KPS/2627/00042',
  history: [{ status: 'paid', note: null, at: '2026-11-20T10:30:00.000Z' }],
  return_until: null,
  returns: [],
  shipment: null,
};

describe('how the order was paid, on the shopper’s order page', () => {
  beforeEach(() => {
    localStorage.clear();
    storeUser(3);
  });

  it('says Paid by UPI beside the payment', async () => {
    stubApi({ category_list: categoryList, order_details: { success: true, data: upiOrder } });
    renderRoute('/order-detail/501');
    const summary = (await screen.findByRole('heading', { name: 'Order Summary' })).parentElement as HTMLElement;
    expect(within(summary).getByText('Payment').nextSibling).toHaveTextContent('Online');
    expect(within(summary).getByText('Paid by UPI')).toBeInTheDocument();
  });

  it('says nothing more for an order whose method is unknown, and cash on delivery as before', async () => {
    stubApi({
      category_list: categoryList,
      order_details: { success: true, data: { ...upiOrder, paid_by: null } },
    });
    renderRoute('/order-detail/501');
    const summary = (await screen.findByRole('heading', { name: 'Order Summary' })).parentElement as HTMLElement;
    expect(within(summary).getByText('Payment').nextSibling).toHaveTextContent(/^Online$/);
    expect(within(summary).queryByText(/Paid by/)).toBeNull();
  });
});

/** A cash-on-delivery order whose advance of ₹100 was paid by UPI: ₹577 is left to pay at the door. */
const advanceOrder: OrderDetail = {
  ...upiOrder,
  order_id: 502,
  status: 'cod_confirmed',
  total: 677,
  payment_method: 'cod',
  amount_due_on_delivery: 577,
  cod_fee: 49,
  paid_at: null,
  paid_by: 'cod',
  cod_advance: { amount: 100, paid_by: 'upi' },
  invoice_number: null,
};
const summaryOf = ({
  order_id,
  created_date,
  status,
  total_items,
  total,
  payment_method,
  amount_due_on_delivery,
  delivery_by,
  description,
  paid_by,
  cod_advance,
}: OrderDetail): OrderSummary => ({
  order_id,
  created_date,
  status,
  total_items,
  total,
  payment_method,
  amount_due_on_delivery,
  delivery_by,
  description,
  paid_by,
  cod_advance,
});

describe('how each order is paid, in My Orders and on the thank-you page', () => {
  beforeEach(() => {
    localStorage.clear();
    storeUser(3);
  });

  it('My Orders says Paid by UPI, Cash on delivery, and an advance paid by UPI with the rest to pay on delivery', async () => {
    const cod: OrderSummary = {
      ...summaryOf(upiOrder),
      order_id: 503,
      payment_method: 'cod',
      paid_by: 'cod',
      status: 'cod_confirmed',
      amount_due_on_delivery: 959,
    };
    stubApi({
      category_list: categoryList,
      my_orders: { success: true, data: [summaryOf(upiOrder), summaryOf(advanceOrder), cod] },
    });
    renderRoute('/Orders');
    const payment = async (id: number) =>
      within(await screen.findByRole('article', { name: `Order #${id}` })).getByText('Payment').nextSibling;
    expect(await payment(501)).toHaveTextContent(/^OnlinePaid by UPI$/);
    expect(await payment(502)).toHaveTextContent(/^Cash on deliveryAdvance paid by UPI, ₹577 to pay on delivery$/);
    expect(await payment(503)).toHaveTextContent(/^Cash on delivery$/);
  });

  it('the order page says the advance was paid by UPI and what is left to pay on delivery', async () => {
    stubApi({ category_list: categoryList, order_details: { success: true, data: advanceOrder } });
    renderRoute('/order-detail/502');
    const summary = (await screen.findByRole('heading', { name: 'Order Summary' })).parentElement as HTMLElement;
    expect(within(summary).getByText('Payment').nextSibling).toHaveTextContent(
      'Cash on deliveryAdvance paid by UPI, ₹577 to pay on delivery',
    );
  });

  it('the thank-you page says Paid by UPI for an order paid online, from the order as the server has it', async () => {
    stubApi({ category_list: categoryList, order_details: { success: true, data: upiOrder } });
    const { router } = renderRoute('/');
    await router.navigate('/Order-success', { state: { orderId: 501, paymentMethod: 'online', deliveryBy: null } });
    expect(await screen.findByText('Paid by UPI')).toBeInTheDocument();
  });

  it('the thank-you page says the advance was paid by UPI and what to pay on delivery', async () => {
    stubApi({ category_list: categoryList, order_details: { success: true, data: advanceOrder } });
    const { router } = renderRoute('/');
    await router.navigate('/Order-success', {
      state: { orderId: 502, paymentMethod: 'cod', amountDue: 577, deliveryBy: null, status: 'cod_confirmed' },
    });
    expect(await screen.findByText('Advance paid by UPI, ₹577 to pay on delivery')).toBeInTheDocument();
    // It says what is left to pay once, in the server's words.
    expect(screen.queryByText('Pay ₹577 in cash on delivery.')).toBeNull();
  });

  it('the thank-you page of a cash-on-delivery order paid online since says Paid by UPI, and no longer Cash on delivery', async () => {
    stubApi({ category_list: categoryList, order_details: { success: true, data: { ...upiOrder, status: 'paid' } } });
    const { router } = renderRoute('/');
    await router.navigate('/Order-success', {
      state: { orderId: 501, paymentMethod: 'cod', amountDue: 959, deliveryBy: null, status: 'cod_confirmed' },
    });
    expect(await screen.findByText('Paid by UPI')).toBeInTheDocument();
    expect(screen.queryByText(/Cash on delivery/)).toBeNull();
    expect(screen.queryByText('Pay ₹959 in cash on delivery.')).toBeNull();
  });
});
