import type { OrderDetail } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { storeGuest } from '#storefront/test/shopping.ts';
import type { RazorpayFailure, RazorpayOptions } from '../lib/razorpay';

/** A stand-in for checkout.js (as the billing page's tests): records each dialog opened, with its options. */
class FakeRazorpay {
  static opened: FakeRazorpay[] = [];
  constructor(readonly options: RazorpayOptions) {}
  on(_event: 'payment.failed', _listener: (response: RazorpayFailure) => void) {}
  open() {
    FakeRazorpay.opened.push(this);
  }
}

/** A guest's cash-on-delivery order, confirmed, not yet packed: ₹1,049 at the door, ₹976.55 paid online. */
const codOrder: OrderDetail = {
  order_id: 77,
  created_date: '2026-11-27T10:30:00.000Z',
  status: 'cod_confirmed',
  total_items: 1,
  total: 1049,
  payment_method: 'cod',
  amount_due_on_delivery: 1049,
  delivery_by: '2026-12-02',
  description: [
    {
      product_id: 2,
      product_image: '/media/romper.jpg',
      product_name: 'Muslin Romper',
      product_size: '3-6M',
      size_id: 3,
      product_quantity: 1,
      product_amount: 1000,
      product_total: 1000,
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
  items_total: 1000,
  coupon_code: null,
  coupon_discount: 0,
  prepaid_discount: 0,
  cod_fee: 49,
  paid_at: null,
  payment_id: null,
  paid_by: null,
  invoice_number: null,
  history: [{ status: 'cod_confirmed', note: null, at: '2026-11-27T10:30:00.000Z' }],
  return_until: null,
  returns: [],
  shipment: null,
  pay_online: { total: 950, saving: 99 },
};

const started = {
  success: true,
  message: 'Pay ₹950 now instead of ₹1,049 at the door.',
  order_id: 77,
  razorpay_order_id: 'order_Cod77',
  amount: 95_000,
  currency: 'INR',
  key: 'rzp_test_sandbox',
  checkout_url: '/sandbox/razorpay/checkout.js',
  total: 950,
  prepaid_discount: 50,
  cod_fee_saved: 49,
  saving: 99,
};

const calls = (fetchMock: ReturnType<typeof stubApi>, endpoint: string) =>
  fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);

describe('"Pay now online and save ₹X" on a cash-on-delivery order', () => {
  beforeEach(() => {
    localStorage.clear();
    storeGuest(7);
    FakeRazorpay.opened = [];
    window.Razorpay = FakeRazorpay;
  });
  afterEach(() => {
    delete window.Razorpay;
  });

  it('on the order page: opens the dialog at the server’s figure, confirms the payment, then says nothing is due', async () => {
    let paid = false;
    const fetchMock = stubApi({
      category_list: categoryList,
      order_details: () => ({
        success: true,
        data: paid
          ? { ...codOrder, status: 'paid', payment_method: 'online', amount_due_on_delivery: 0, pay_online: null }
          : codOrder,
      }),
      cod_pay_online: started,
      order_place: () => {
        paid = true;
        return { success: true, message: 'Payment verified successfully.', order_id: 77, status: 'paid' };
      },
    });
    const { user } = renderRoute('/order-detail/77');
    const offer = await screen.findByRole('region', { name: 'Pay online instead' });
    expect(within(offer).getByText('Pay now online and save ₹99')).toBeInTheDocument();
    await user.click(within(offer).getByRole('button', { name: 'Pay ₹950 now' }));

    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1), { timeout: 5_000 });
    const dialog = FakeRazorpay.opened[0] as FakeRazorpay;
    expect(dialog.options).toMatchObject({ amount: 95_000, order_id: 'order_Cod77', key: 'rzp_test_sandbox' });
    expect(calls(fetchMock, 'cod_pay_online')).toEqual([{ guest_id: 7, order_id: 77 }]);

    dialog.options.handler({
      razorpay_payment_id: 'pay_Cod1',
      razorpay_order_id: 'order_Cod77',
      razorpay_signature: 'sig77',
    });
    expect(await screen.findByText('Paid online. Nothing to pay at the door.')).toBeInTheDocument();
    expect(calls(fetchMock, 'order_place')).toEqual([
      {
        guest_id: 7,
        order_id: 77,
        payment_id: 'pay_Cod1',
        razorpay_order_id: 'order_Cod77',
        razorpay_signature: 'sig77',
      },
    ]);
    // The order reloads as paid online: the summary says so, and no button is left to pay again.
    const summary = (await screen.findByRole('heading', { name: 'Order Summary' })).parentElement as HTMLElement;
    await waitFor(() => expect(within(summary).getByText('Payment').nextSibling).toHaveTextContent(/^Online/));
    expect(screen.queryByRole('button', { name: /Pay ₹/ })).toBeNull();
  });

  it('says the server’s refusal beside the button, and offers nothing once the order cannot be paid online', async () => {
    stubApi({
      category_list: categoryList,
      order_details: { success: true, data: codOrder },
      cod_pay_online: () =>
        new Response(
          JSON.stringify({
            success: false,
            message: 'This order is already packed or on its way: please pay in cash at the door.',
          }),
          { status: 409, headers: { 'Content-Type': 'application/json' } },
        ),
    });
    const { user } = renderRoute('/order-detail/77');
    await user.click(await screen.findByRole('button', { name: 'Pay ₹950 now' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('already packed or on its way');
    expect(FakeRazorpay.opened).toHaveLength(0);
  });

  it('on the thank-you page of a COD order, from the order’s own figure', async () => {
    stubApi({ category_list: categoryList, order_details: { success: true, data: codOrder } });
    const { router } = renderRoute('/');
    await router.navigate('/Order-success', {
      state: { orderId: 77, paymentMethod: 'cod', amountDue: 1049, deliveryBy: '2026-12-02', status: 'cod_confirmed' },
    });
    expect(await screen.findByText('Pay now online and save ₹99')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pay ₹950 now' })).toBeEnabled();
  });

  it('is not shown for an order that is not cash on delivery', async () => {
    stubApi({ category_list: categoryList, order_details: { success: true, data: { ...codOrder, pay_online: null } } });
    renderRoute('/order-detail/77');
    expect(await screen.findByRole('heading', { name: 'Order Summary' })).toBeInTheDocument();
    expect(screen.queryByText(/Pay now online/)).toBeNull();
  });
});
