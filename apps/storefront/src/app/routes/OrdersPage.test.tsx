import type { OrderDetail, OrderSummary } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { storeGuest, storeUser } from '#storefront/test/shopping.ts';

const order: OrderSummary = {
  order_id: 501,
  created_date: '2026-11-20T10:30:00.000Z',
  status: 'paid',
  total_items: 3,
  total: 1957,
  payment_method: 'online',
  amount_due_on_delivery: 0,
  delivery_by: '2026-11-26',
  description: [
    {
      product_id: 1,
      product_image: '/media/jhabla.jpg',
      product_name: 'Mulmul Jhabla',
      product_size: '0-3M',
      size_id: 1,
      product_quantity: 2,
      product_amount: 549,
      product_total: 1098,
      return_rule: { kind: 'returnable', reason: '' },
    },
    {
      product_id: 2,
      product_image: '/media/romper.jpg',
      product_name: 'Muslin Romper',
      product_size: '3-6M',
      size_id: 2,
      product_quantity: 1,
      product_amount: 959,
      product_total: 959,
      return_rule: { kind: 'returnable', reason: '' },
    },
  ],
};

const detail: OrderDetail = {
  ...order,
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
  items_total: 2057,
  coupon_code: 'WELCOME100',
  coupon_discount: 100,
  prepaid_discount: 0,
  cod_fee: 0,
  paid_at: '2026-11-20T10:30:00.000Z',
  payment_id: 'pay_Sbx9',
  paid_by: 'card',
  invoice_number: 'KPS/2627/00042',
  history: [
    { status: 'pending_payment', note: null, at: '2026-11-20T10:29:00.000Z' },
    { status: 'paid', note: 'Paid by card', at: '2026-11-20T10:30:00.000Z' },
  ],
  return_until: null,
  returns: [],
  shipment: null,
};

function sentBodies(fetchMock: ReturnType<typeof stubApi>, endpoint: string) {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('Orders page', () => {
  beforeEach(() => {
    localStorage.clear();
    storeUser(3);
  });

  it('lists each order with its products, date, item count, total, status and a detail link', async () => {
    stubApi({ category_list: categoryList, my_orders: { success: true, data: [order] } });
    renderRoute('/Orders');

    const card = await screen.findByRole('article', { name: 'Order #501' });
    expect(within(card).getByText('Placed on 20 Nov 2026')).toBeInTheDocument();
    expect(within(card).getByText('Paid')).toBeInTheDocument();
    expect(within(card).getByRole('img', { name: 'Mulmul Jhabla' })).toBeInTheDocument();
    expect(within(card).getByText('Muslin Romper')).toBeInTheDocument();
    expect(within(card).getByText('Total items').nextSibling).toHaveTextContent('3');
    expect(within(card).getByText('Total').nextSibling).toHaveTextContent('₹1,957');
    expect(within(card).getByText('Payment').nextSibling).toHaveTextContent('Online');
    expect(within(card).queryByText(/To pay on delivery/)).toBeNull();
    expect(within(card).getByRole('link', { name: 'Order Detail of order 501' })).toHaveAttribute(
      'href',
      '/order-detail/501',
    );
  });

  it('shows a cash-on-delivery order with what is to be paid at the door', async () => {
    const cod: OrderSummary = {
      ...order,
      order_id: 502,
      status: 'cod_confirmed',
      total: 2106,
      payment_method: 'cod',
      amount_due_on_delivery: 2106,
      delivery_by: '2026-12-03',
    };
    stubApi({
      category_list: categoryList,
      my_orders: { success: true, data: [cod, { ...order, status: 'delivered' }] },
    });
    renderRoute('/Orders');

    const card = await screen.findByRole('article', { name: 'Order #502' });
    expect(within(card).getByText('Confirmed')).toBeInTheDocument();
    expect(within(card).getByText('Payment').nextSibling).toHaveTextContent('Cash on delivery');
    expect(within(card).getByText('To pay on delivery:', { exact: false })).toHaveTextContent(
      'To pay on delivery: ₹2,106',
    );
    // On its way, the card says by when; a delivered order does not.
    expect(within(card).getByText('Delivery by Thu, 3 Dec')).toBeInTheDocument();
    const delivered = await screen.findByRole('article', { name: 'Order #501' });
    expect(within(delivered).queryByText(/^Delivery by/)).not.toBeInTheDocument();
  });

  it('asks my_orders for the past months the shopper picks', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      my_orders: (body) => ({ success: true, data: body.months === 2 ? [] : [order] }),
    });
    const { user } = renderRoute('/Orders');

    await screen.findByRole('article', { name: 'Order #501' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Show' }), 'Past 2 months');

    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'my_orders')).toEqual([{ user_id: 3 }, { user_id: 3, months: 2 }]);
  });

  it('says No orders found. for a shopper without orders', async () => {
    localStorage.clear();
    storeGuest(7);
    const fetchMock = stubApi({ category_list: categoryList, my_orders: { success: true, data: [] } });
    renderRoute('/Orders');

    expect(await screen.findByText('No orders found.')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'my_orders')).toEqual([{ guest_id: 7 }]);
  });

  it('asks a visitor to log in', async () => {
    localStorage.clear();
    stubApi({ category_list: categoryList });
    renderRoute('/Orders');

    expect(await screen.findByText('No user or guest session found. Please log in.')).toBeInTheDocument();
  });
});

describe('Order detail page', () => {
  beforeEach(() => {
    localStorage.clear();
    storeUser(3);
  });

  it('shows the date, shipping address, lines, order summary and status history', async () => {
    const fetchMock = stubApi({ category_list: categoryList, order_details: { success: true, data: detail } });
    renderRoute('/order-detail/501');

    expect(await screen.findByRole('heading', { name: 'Order #501' })).toBeInTheDocument();
    expect(screen.getByText('Placed on 20 Nov 2026')).toBeInTheDocument();
    const address = screen.getByRole('region', { name: 'Shipping Address' });
    expect(address).toHaveTextContent('Asha Menon');
    expect(address).toHaveTextContent('12 Temple Road');
    expect(address).toHaveTextContent('Phone: 9876543210');

    const items = screen.getByRole('region', { name: 'Items' });
    expect(within(items).getByRole('link', { name: 'Mulmul Jhabla' })).toHaveAttribute(
      'href',
      '/product-detail/1-mulmul-jhabla',
    );
    expect(within(items).getByText('Size 0-3M · Qty 2 × ₹549')).toBeInTheDocument();
    expect(within(items).getByText('₹1,098')).toBeInTheDocument();

    const summary = screen.getByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Shipping').nextSibling).toHaveTextContent('Free');
    expect(within(summary).getByText('Coupon').nextSibling).toHaveTextContent('WELCOME100');
    expect(within(summary).getByText('Coupon Discount').nextSibling).toHaveTextContent('−₹100');
    expect(within(summary).queryByText('Prepaid discount')).toBeNull();
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('₹1,957');
    expect(within(summary).getByRole('link', { name: 'Invoice' })).toHaveAttribute(
      'href',
      '/api/order_invoice/501.pdf',
    );
    expect(within(summary).getByText('Tax invoice KPS/2627/00042 (PDF)')).toBeInTheDocument();
    expect(within(summary).getByText('Payment').nextSibling).toHaveTextContent('Online');
    expect(within(summary).getByText('Paid').nextSibling).toHaveTextContent('20 Nov 2026');
    expect(within(summary).queryByText('Cash on delivery fee')).toBeNull();
    expect(within(summary).queryByText(/To pay on delivery/)).toBeNull();
    expect(screen.getByText('Delivery by Thu, 26 Nov')).toBeInTheDocument();

    const history = screen.getByRole('region', { name: 'Order Status' });
    const steps = within(history).getAllByRole('listitem');
    expect(steps.map((step) => step.firstChild?.textContent)).toEqual(['Awaiting payment', 'Paid']);
    expect(within(history).getByText('Paid by card')).toBeInTheDocument();
    expect(sentBodies(fetchMock, 'order_details')).toEqual([{ user_id: 3, order_id: 501 }]);
  });

  it('says No coupon applied, and shows a shipping charge when there is one', async () => {
    stubApi({
      category_list: categoryList,
      order_details: { success: true, data: { ...detail, coupon_code: null, coupon_discount: 0, shipping_charge: 49 } },
    });
    renderRoute('/order-detail/501');

    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Coupon').nextSibling).toHaveTextContent('No coupon applied');
    expect(within(summary).getByText('Coupon Discount').nextSibling).toHaveTextContent('₹0');
    expect(within(summary).getByText('Shipping').nextSibling).toHaveTextContent('₹49');
  });

  it('shows the prepaid discount of an order paid online', async () => {
    stubApi({
      category_list: categoryList,
      order_details: { success: true, data: { ...detail, prepaid_discount: 97.85, total: 1959.15 } },
    });
    renderRoute('/order-detail/501');

    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Prepaid discount').nextSibling).toHaveTextContent('−₹97.85');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('₹1,959.15');
  });

  it('shows a cash-on-delivery order: its fee, what to pay at the door and by when it comes', async () => {
    const cod: OrderDetail = {
      ...detail,
      status: 'cod_confirmed',
      payment_method: 'cod',
      cod_fee: 49,
      total: 2006,
      amount_due_on_delivery: 2006,
      delivery_by: '2026-11-28',
      paid_at: null,
      payment_id: null,
      invoice_number: null,
      history: [{ status: 'cod_confirmed', note: null, at: '2026-11-20T10:30:00.000Z' }],
    };
    stubApi({ category_list: categoryList, order_details: { success: true, data: cod } });
    renderRoute('/order-detail/501');

    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Cash on delivery fee').nextSibling).toHaveTextContent('₹49');
    expect(within(summary).getByText('Total').nextSibling).toHaveTextContent('₹2,006');
    expect(within(summary).getByText('Payment').nextSibling).toHaveTextContent('Cash on delivery');
    expect(within(summary).queryByText('Paid')).toBeNull();
    expect(within(summary).getByText('To pay on delivery:', { exact: false })).toHaveTextContent(
      'To pay on delivery: ₹2,006',
    );
    expect(screen.getByText('Delivery by Sat, 28 Nov')).toBeInTheDocument();
    expect(screen.getByText('Confirmed', { selector: '.order-status' })).toBeInTheDocument();
  });

  it('shows a delivered cash-on-delivery order as paid, with nothing left to pay and no delivery date', async () => {
    const delivered: OrderDetail = {
      ...detail,
      status: 'delivered',
      payment_method: 'cod',
      cod_fee: 49,
      total: 2006,
      amount_due_on_delivery: 0,
      delivery_by: '2026-11-28',
      paid_at: '2026-11-27T12:00:00.000Z',
    };
    stubApi({ category_list: categoryList, order_details: { success: true, data: delivered } });
    renderRoute('/order-detail/501');

    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).getByText('Payment').nextSibling).toHaveTextContent('Cash on delivery');
    expect(within(summary).getByText('Paid').nextSibling).toHaveTextContent('27 Nov 2026');
    expect(within(summary).queryByText(/To pay on delivery/)).toBeNull();
    expect(screen.queryByText(/Delivery by/)).toBeNull();
  });

  it('has no Invoice link before the order is paid', async () => {
    stubApi({
      category_list: categoryList,
      order_details: { success: true, data: { ...detail, invoice_number: null } },
    });
    renderRoute('/order-detail/501');

    const summary = await screen.findByRole('region', { name: 'Order Summary' });
    expect(within(summary).queryByRole('link', { name: 'Invoice' })).toBeNull();
  });

  it("shows the server's reason for an order that is not the shopper's", async () => {
    stubApi({
      category_list: categoryList,
      order_details: () => json(404, { success: false, message: 'Order not found.' }),
    });
    renderRoute('/order-detail/999');

    expect(await screen.findByText('Order not found.')).toBeInTheDocument();
  });
});
