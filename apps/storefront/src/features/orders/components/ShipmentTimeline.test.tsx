import type { OrderDetail, OrderShipment } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { storeUser } from '#storefront/test/shopping.ts';

/** A parcel on its way: picked up in Jaipur, through Mumbai, out for delivery in Kochi. */
const shipment: OrderShipment = {
  awb: '190034567812',
  courier_name: 'Delhivery Surface',
  tracking_url: 'https://shiprocket.co/tracking/190034567812',
  status: 'out_for_delivery',
  events: [
    { status: 'picked_up', at: '2026-11-21T05:30:00.000Z', location: 'Jaipur' },
    { status: 'in_transit', at: '2026-11-22T13:05:00.000Z', location: 'Mumbai Hub' },
    { status: 'out_for_delivery', at: '2026-11-23T03:40:00.000Z', location: null },
  ],
};

/** An order paid online and packed: one romper, no parcel booked yet. */
const packedOrder: OrderDetail = {
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
  paid_by: 'card',
  invoice_number: 'KPS/2627/00042',
  history: [{ status: 'paid', note: null, at: '2026-11-20T10:30:00.000Z' }],
  return_until: null,
  returns: [],
  shipment: null,
};

/** The same order shipped with the courier. */
const shippedOrder: OrderDetail = { ...packedOrder, status: 'shipped', shipment };

function trackBodies(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith('/api/track_order'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** The timeline's steps as the shopper reads them: status, time in India, place. */
function steps(region: HTMLElement) {
  return within(within(region).getByRole('list', { name: 'Shipment progress' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);
}

describe("the order page's shipment", () => {
  beforeEach(() => {
    localStorage.clear();
    storeUser(3);
  });

  it('shows the courier, the AWB, the track link and the events oldest first, in words and India time', async () => {
    stubApi({ category_list: categoryList, order_details: { success: true, data: shippedOrder } });
    renderRoute('/order-detail/501');

    const region = await screen.findByRole('region', { name: 'Shipment: Out for delivery' });
    expect(within(region).getByText('Courier').nextSibling).toHaveTextContent('Delhivery Surface');
    expect(within(region).getByText('AWB').nextSibling).toHaveTextContent('190034567812');
    expect(within(region).getByRole('link', { name: 'Track on the courier’s site' })).toHaveAttribute(
      'href',
      shipment.tracking_url,
    );
    expect(steps(region)).toEqual([
      'Picked up by the courier21 Nov 2026, 11:00 am ISTJaipur',
      'On its way22 Nov 2026, 6:35 pm ISTMumbai Hub',
      'Out for delivery23 Nov 2026, 9:10 am IST',
    ]);
  });

  it('has no shipment panel for an order not booked with a courier', async () => {
    stubApi({ category_list: categoryList, order_details: { success: true, data: packedOrder } });
    renderRoute('/order-detail/501');
    expect(await screen.findByRole('heading', { name: 'Order #501' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Shipment/ })).toBeNull();
  });
});

describe('/track', () => {
  beforeEach(() => localStorage.clear());

  const box = (name: string) => screen.getByRole('textbox', { name });

  it('checks both fields in the browser, beside each, and sends nothing', async () => {
    const fetchMock = stubApi({ category_list: categoryList });
    const { user } = renderRoute('/track');
    await user.type(await screen.findByRole('textbox', { name: 'Order number' }), 'abc');
    await user.type(screen.getByRole('textbox', { name: 'Phone number' }), '12345');
    await user.click(screen.getByRole('button', { name: 'Track' }));

    expect(
      await screen.findByText('Enter your order number: the digits after # in your order e-mail.'),
    ).toBeInTheDocument();
    expect(box('Order number')).toHaveAccessibleDescription(
      'Enter your order number: the digits after # in your order e-mail.',
    );
    expect(box('Phone number')).toHaveAccessibleDescription('Phone number must be 10 digits');
    expect(trackBodies(fetchMock)).toEqual([]);
  });

  it('answers with the order status and the timeline', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      track_order: {
        success: true,
        data: {
          order_id: 501,
          status: 'shipped',
          created_date: '2026-11-20T10:30:00.000Z',
          delivery_by: null,
          shipment,
        },
      },
    });
    const { user } = renderRoute('/track');
    await user.type(await screen.findByRole('textbox', { name: 'Order number' }), '501');
    await user.type(box('Phone number'), '9876543210');
    await user.click(screen.getByRole('button', { name: 'Track' }));

    expect(await screen.findByRole('heading', { name: 'Order #501' })).toBeInTheDocument();
    expect(screen.getByText('Shipped')).toBeInTheDocument();
    const region = screen.getByRole('region', { name: 'Shipment: Out for delivery' });
    expect(steps(region)).toHaveLength(3);
    expect(trackBodies(fetchMock)).toEqual([{ order_id: 501, phone_number: '9876543210' }]);
  });

  it("shows the server's one message for a wrong pair, and a not-yet-shipped order without a timeline", async () => {
    const message = 'We found no order with this order number and phone number.';
    let calls = 0;
    stubApi({
      category_list: categoryList,
      track_order: () => {
        calls += 1;
        if (calls === 1) return json(404, { success: false, message, code: 'NOT_FOUND' });
        return json(200, {
          success: true,
          data: {
            order_id: 502,
            status: 'packed',
            created_date: '2026-11-20T10:30:00.000Z',
            delivery_by: null,
            shipment: null,
          },
        });
      },
    });
    const { user } = renderRoute('/track');
    await user.type(await screen.findByRole('textbox', { name: 'Order number' }), '502');
    await user.type(box('Phone number'), '9000000001');
    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByText(message)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Track' }));
    expect(await screen.findByRole('heading', { name: 'Order #502' })).toBeInTheDocument();
    expect(screen.queryByText(message)).toBeNull();
    expect(screen.getByText(/has not been handed to the courier yet/)).toBeInTheDocument();
  });

  it('is linked from the footer', async () => {
    stubApi({ category_list: categoryList });
    renderRoute('/track');
    expect(await screen.findByRole('link', { name: 'Track Your Order' })).toHaveAttribute('href', '/track');
  });
});
