import type {
  CheckoutHandlerResponse,
  CodAdvanceAnswer,
  CodOrderPlacedAnswer,
  OrderCreatedAnswer,
  SavedAddress,
} from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import {
  type CartTerms,
  cartAnswer,
  cartLines,
  codOffered,
  fakeServerCart,
  storeGuest,
} from '#storefront/test/shopping.ts';
import type { RazorpayFailure, RazorpayOptions } from '../../features/checkout/lib/razorpay';

const home: SavedAddress = {
  address_id: 31,
  first_name: 'Asha',
  last_name: 'Menon',
  address: '12 Temple Road',
  state: 1,
  city: 2,
  state_name: 'Kerala',
  city_name: 'Kochi',
  pin_code: '682001',
  email_id: 'asha@example.in',
  phone_number: '9876543210',
  active_status: 'Active',
};

const created: OrderCreatedAnswer = {
  success: true,
  message: 'Order created.',
  order_id: 501,
  payment_method: 'online',
  cod_fee: 0,
  shipping_zone: 'rest',
  delivery_by: '2026-11-27',
  razorpay_order_id: 'order_Sbx123',
  amount: 205_700,
  currency: 'INR',
  key: 'rzp_test_sandbox',
  checkout_url: '/sandbox/razorpay/checkout.js',
  items_total: 2057,
  coupon_discount: 0,
  prepaid_discount: 0,
  shipping_charge: 0,
  total: 2057,
  expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
};

const paid: CheckoutHandlerResponse = {
  razorpay_payment_id: 'pay_Sbx9',
  razorpay_order_id: 'order_Sbx123',
  razorpay_signature: 'abc123',
};

/** A stand-in for checkout.js: records each dialog opened, with the options and the failure listener. */
class FakeRazorpay {
  static opened: FakeRazorpay[] = [];
  failed: ((response: RazorpayFailure) => void) | null = null;
  constructor(readonly options: RazorpayOptions) {}
  on(_event: 'payment.failed', listener: (response: RazorpayFailure) => void) {
    this.failed = listener;
  }
  open() {
    FakeRazorpay.opened.push(this);
  }
}

function lastDialog(): FakeRazorpay {
  const dialog = FakeRazorpay.opened.at(-1);
  if (!dialog) throw new Error('no payment dialog was opened');
  return dialog;
}

function orderPlaceCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith('/api/order_place'))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

/** The shop with a cart, one address, and order_place answering the two calls as given. */
function shopWith(
  orderPlace: (body: Record<string, unknown>) => Response | object,
  addresses = [home],
  terms: CartTerms | ((body: Record<string, unknown>) => CartTerms) = {},
) {
  const cart = fakeServerCart(cartLines(), terms);
  return stubApi({
    category_list: categoryList,
    ...cart.answers,
    address_list: { success: true, address: addresses },
    address_active: { success: true, message: 'Default address updated.' },
    Coupon_discount_details: {
      success: true,
      coupons: { coupon_id: 4, coupon_code: 'WELCOME100', discounted_amount: 100 },
    },
    order_place: orderPlace,
  });
}

/** Each test starts as guest 7 with no stored coupon, and the checkout dialog is the fake one. */
function useFakeCheckoutDialog() {
  beforeEach(() => {
    localStorage.clear();
    storeGuest(7);
    FakeRazorpay.opened = [];
    window.Razorpay = FakeRazorpay;
  });
  afterEach(() => {
    delete window.Razorpay;
  });
}

const payButton = () => screen.findByRole('button', { name: 'PROCEED TO PAY' });

describe('Billing address page: paying', () => {
  useFakeCheckoutDialog();

  it('shows the steps bar, the address and the totals, and pays: two order_place calls, then Order Placed', async () => {
    localStorage.setItem('coupon_id', '4');
    const fetchMock = shopWith((body) =>
      'payment_id' in body ? { success: true, message: 'Payment verified.', order_id: 501, status: 'paid' } : created,
    );
    const { user } = renderRoute('/Billing-Address');
    const steps = await screen.findByRole('navigation', { name: 'Checkout steps' });
    expect(within(steps).getByText('BILLING ADDRESS').closest('li')).toHaveAttribute('aria-current', 'step');

    expect(await screen.findByText('Asha Menon')).toBeInTheDocument();
    const totals = screen.getByRole('region', { name: 'Cart Totals' });
    expect(await within(totals).findByText('WELCOME100')).toBeInTheDocument();
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹1,957');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));
    const dialog = lastDialog();
    expect(dialog.options).toMatchObject({
      key: 'rzp_test_sandbox',
      amount: 205_700,
      currency: 'INR',
      name: 'Kapaas',
      order_id: 'order_Sbx123',
      theme: { color: '#0f766e' },
    });
    expect(pay).toBeDisabled();
    expect(orderPlaceCalls(fetchMock)[0]).toEqual({
      guest_id: 7,
      address_id: 31,
      coupon_id: 4,
      product_details: [
        { product_id: 1, size: 11, quantity: 2 },
        { product_id: 2, size: 21, quantity: 1 },
      ],
    });

    dialog.options.handler(paid);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Placed Successfully !' })).toBeInTheDocument();
    expect(screen.getByText('501')).toBeInTheDocument();
    expect(orderPlaceCalls(fetchMock)[1]).toEqual({
      guest_id: 7,
      order_id: 501,
      payment_id: 'pay_Sbx9',
      razorpay_order_id: 'order_Sbx123',
      razorpay_signature: 'abc123',
    });
    expect(localStorage.getItem('coupon_id')).toBeNull();
  });

  it('places the order without the coupon when its discount could not be fetched', async () => {
    localStorage.setItem('coupon_id', '4');
    const cart = fakeServerCart();
    const fetchMock = stubApi({
      category_list: categoryList,
      ...cart.answers,
      address_list: { success: true, address: [home] },
      address_active: { success: true, message: 'Default address updated.' },
      Coupon_discount_details: () => {
        throw new TypeError('Failed to fetch');
      },
      order_place: created,
    });
    const { user } = renderRoute('/Billing-Address');

    const totals = await screen.findByRole('region', { name: 'Cart Totals' });
    expect(await within(totals).findByRole('alert')).toHaveTextContent(
      'Your coupon could not be applied. Please select it again.',
    );
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹2,057');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));
    expect(orderPlaceCalls(fetchMock)[0]).toMatchObject({ address_id: 31, coupon_id: null });
    expect(localStorage.getItem('coupon_id')).toBeNull();
  });

  it('keeps PROCEED TO PAY disabled without an address', async () => {
    shopWith(() => created, []);
    renderRoute('/Billing-Address');

    expect(await screen.findByText('You have no saved addresses. Please add one.')).toBeInTheDocument();
    expect(await payButton()).toBeDisabled();
    expect(screen.getByText('Choose a delivery address to continue.')).toBeInTheDocument();
  });

  it('keeps PROCEED TO PAY disabled with an empty cart', async () => {
    stubApi({
      category_list: categoryList,
      cart_list: cartAnswer([]),
      address_list: { success: true, address: [home] },
    });
    renderRoute('/Billing-Address');

    expect(await screen.findByText('Asha Menon')).toBeInTheDocument();
    expect(await payButton()).toBeDisabled();
  });

  it('keeps PROCEED TO PAY disabled while the cart holds an unavailable line', async () => {
    const [jhabla, romper] = cartLines();
    if (!jhabla || !romper) throw new Error('fixture');
    stubApi({
      category_list: categoryList,
      cart_list: cartAnswer([
        jhabla,
        { ...romper, available: false, unavailable_reason: 'This size is out of stock.' },
      ]),
      address_list: { success: true, address: [home] },
    });
    renderRoute('/Billing-Address');

    expect(await screen.findByText('Remove the unavailable items from your cart to continue.')).toBeInTheDocument();
    expect(await payButton()).toBeDisabled();
  });

  it('shows the server message when the order cannot be created', async () => {
    shopWith(() => json(409, { success: false, message: 'Only 1 left of Muslin Romper in 3-6M.' }));
    const { user } = renderRoute('/Billing-Address');

    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(await screen.findByRole('alert')).toHaveTextContent('Only 1 left of Muslin Romper in 3-6M.');
    expect(FakeRazorpay.opened).toHaveLength(0);
    expect(pay).toBeEnabled();
  });

  it("says 'Failed to create order.' when the server gives no reason", async () => {
    shopWith(() => json(400, { success: false }));
    const { user } = renderRoute('/Billing-Address');

    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to create order.');
  });

  it("says 'An unexpected error occurred.' when the server cannot be reached", async () => {
    const fetchMock = shopWith(() => created);
    const { user } = renderRoute('/Billing-Address');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());

    const answer = fetchMock.getMockImplementation();
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).endsWith('/api/order_place')) throw new TypeError('Failed to fetch');
      return (answer as typeof fetch)(input, init);
    });
    await user.click(pay);

    expect(await screen.findByRole('alert')).toHaveTextContent('An unexpected error occurred.');
  });

  it('alerts when the session has expired', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    shopWith(() => json(401, { success: false, message: 'Please log in or continue as a guest.' }));
    const { user } = renderRoute('/Billing-Address');

    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);

    await waitFor(() => expect(alert).toHaveBeenCalledWith('Your session has expired. Please log in again.'));
    alert.mockRestore();
  });

  it('lets the shopper pay again after closing the dialog, with the same order', async () => {
    const fetchMock = shopWith(() => created);
    const { user } = renderRoute('/Billing-Address');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));

    lastDialog().options.modal?.ondismiss?.();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Payment cancelled. Your order is not paid yet: you can try again.',
    );
    expect(pay).toBeEnabled();
    await user.click(pay);
    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(2));
    expect(lastDialog().options.order_id).toBe('order_Sbx123');
    expect(orderPlaceCalls(fetchMock)).toHaveLength(1);
  });

  it('tells a declined card, and the order stays unpaid until the shopper pays again', async () => {
    shopWith(() => created);
    const { user } = renderRoute('/Billing-Address');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));

    const dialog = lastDialog();
    dialog.failed?.({ error: { code: 'BAD_REQUEST_ERROR', description: 'Your card was declined.' } });
    dialog.options.modal?.ondismiss?.();

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Your card was declined. Your order is not paid yet: you can try again.',
    );
    expect(pay).toBeEnabled();
  });

  it("shows the server's reason when the payment cannot be verified", async () => {
    shopWith((body) =>
      'payment_id' in body ? json(400, { success: false, message: 'The payment signature is not valid.' }) : created,
    );
    const { user } = renderRoute('/Billing-Address');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));

    lastDialog().options.handler(paid);

    expect(await screen.findByRole('alert')).toHaveTextContent('The payment signature is not valid.');
    expect(screen.getByRole('heading', { level: 1, name: 'Billing Address' })).toBeInTheDocument();
  });

  it("says 'Payment successful, but order confirmation failed.' when the refusal has no reason", async () => {
    shopWith((body) => ('payment_id' in body ? json(409, { success: false }) : created));
    const { user } = renderRoute('/Billing-Address');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));

    lastDialog().options.handler(paid);

    expect(await screen.findByRole('alert')).toHaveTextContent('Payment successful, but order confirmation failed.');
  });

  it('says a server error occurred during verification when the server fails', async () => {
    shopWith((body) => ('payment_id' in body ? json(500, { success: false, message: 'Internal error' }) : created));
    const { user } = renderRoute('/Billing-Address');
    const pay = await payButton();
    await waitFor(() => expect(pay).toBeEnabled());
    await user.click(pay);
    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));

    lastDialog().options.handler(paid);

    expect(await screen.findByRole('alert')).toHaveTextContent('A server error occurred during payment verification.');
  });
});

const codPlaced: CodOrderPlacedAnswer = {
  success: true,
  message: 'Order placed.',
  order_id: 502,
  payment_method: 'cod',
  status: 'cod_confirmed',
  items_total: 2057,
  coupon_discount: 0,
  prepaid_discount: 0,
  shipping_charge: 0,
  cod_fee: 49,
  total: 2106,
  amount_due_on_delivery: 2106,
  shipping_zone: 'metro',
  delivery_by: '2026-11-28',
};

const codRadio = () => screen.findByRole('radio', { name: 'Cash on delivery ₹49 fee' });

describe('Billing address page: delivery and cash on delivery', () => {
  useFakeCheckoutDialog();

  it('prices the cart for the chosen address and shows its delivery date', async () => {
    const fetchMock = shopWith(
      () => created,
      [home],
      (body) => (body.address_id === 31 ? { shipping_zone: 'metro', delivery_by: '2026-11-28' } : {}),
    );
    renderRoute('/Billing-Address');

    const totals = await screen.findByRole('region', { name: 'Cart Totals' });
    expect(await within(totals).findByText('Delivery by Sat, 28 Nov')).toBeInTheDocument();
    const asked = fetchMock.mock.calls
      .filter(([input]) => String(input).endsWith('/api/cart_list'))
      .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
    expect(asked).toContainEqual({ guest_id: 7, address_id: 31 });
  });

  it("disables cash on delivery with the server's reason when it is not offered, and pays online", async () => {
    shopWith(() => created);
    renderRoute('/Billing-Address');

    const cod = await codRadio();
    await waitFor(() => expect(cod).toBeDisabled());
    expect(cod).toHaveAccessibleDescription('This shop does not offer cash on delivery.');
    expect(screen.getByRole('radio', { name: 'Pay online' })).toBeChecked();
    expect(await payButton()).toBeInTheDocument();
  });

  it('disables cash on delivery when the order after the coupon is under its minimum', async () => {
    localStorage.setItem('coupon_id', '4');
    // Items ₹2,057 reach a ₹2,000 minimum, but not after the ₹100 coupon.
    shopWith(() => created, [home], { cod: { ...codOffered, min_order: 2000 } });
    renderRoute('/Billing-Address');

    const totals = await screen.findByRole('region', { name: 'Cart Totals' });
    await within(totals).findByText('WELCOME100');
    const cod = await codRadio();
    expect(cod).toBeDisabled();
    expect(cod).toHaveAccessibleDescription('Cash on delivery is available on orders of ₹2,000 or more.');
  });

  it('disables cash on delivery when the order is over its maximum', async () => {
    shopWith(() => created, [home], { cod: { ...codOffered, max_order: 2000 } });
    renderRoute('/Billing-Address');

    const cod = await codRadio();
    await waitFor(() => expect(cod).toBeDisabled());
    expect(cod).toHaveAccessibleDescription('Cash on delivery is available on orders up to ₹2,000. Please pay online.');
  });

  it('places a cash-on-delivery order with one call and no payment dialog, then shows what to pay at the door', async () => {
    const fetchMock = shopWith(() => codPlaced, [home], { cod: codOffered, delivery_by: '2026-11-28' });
    const { user } = renderRoute('/Billing-Address');

    const cod = await codRadio();
    await waitFor(() => expect(cod).toBeEnabled());
    expect(cod).not.toHaveAccessibleDescription();
    const totals = screen.getByRole('region', { name: 'Cart Totals' });
    expect(within(totals).queryByText('Cash on delivery fee')).toBeNull();
    await user.click(cod);

    expect(within(totals).getByText('Cash on delivery fee').nextSibling).toHaveTextContent('₹49');
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹2,106');
    expect(screen.queryByRole('button', { name: 'PROCEED TO PAY' })).toBeNull();
    const place = screen.getByRole('button', { name: 'Place order (Cash on delivery)' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Placed Successfully !' })).toBeInTheDocument();
    expect(screen.getByText('Order ID:', { exact: false })).toHaveTextContent('Order ID: 502');
    expect(screen.getByText('Cash on delivery')).toBeInTheDocument();
    expect(screen.getByText('Pay ₹2,106 in cash on delivery.')).toBeInTheDocument();
    expect(screen.getByText('Delivery by Sat, 28 Nov')).toBeInTheDocument();
    expect(FakeRazorpay.opened).toHaveLength(0);
    expect(orderPlaceCalls(fetchMock)).toEqual([
      {
        guest_id: 7,
        address_id: 31,
        coupon_id: null,
        product_details: [
          { product_id: 1, size: 11, quantity: 2 },
          { product_id: 2, size: 21, quantity: 1 },
        ],
        payment_method: 'cod',
      },
    ]);
  });

  it('a COD order whose confirmation the shop asked on WhatsApp: the thank-you page names the number to tap from', async () => {
    const asked: CodOrderPlacedAnswer = {
      ...codPlaced,
      status: 'cod_pending_confirmation',
      confirm_on_whatsapp: true,
      whatsapp_number: '+91 98470 12345',
    };
    shopWith(() => asked, [home], { cod: codOffered, delivery_by: '2026-11-28' });
    const { user } = renderRoute('/Billing-Address');
    const cod = await codRadio();
    await waitFor(() => expect(cod).toBeEnabled());
    await user.click(cod);
    const place = screen.getByRole('button', { name: 'Place order (Cash on delivery)' });
    await waitFor(() => expect(place).toBeEnabled());
    await user.click(place);

    expect(
      await screen.findByText(
        'We have sent you a WhatsApp message at +91 98470 12345: tap Confirm order and we will pack it (or we will call you).',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText('We will call you to confirm the order before we pack it.')).toBeNull();
  });

  it('with a COD advance, says "Pay ₹Y now, ₹Z on delivery", pays the advance in the dialog, then shows the rest due', async () => {
    const advance: CodAdvanceAnswer = {
      ...created,
      order_id: 503,
      payment_method: 'cod',
      status: 'pending_payment',
      message: 'Order placed. Please pay the advance of ₹100 now; the rest is paid in cash on delivery.',
      cod_fee: 49,
      total: 2106,
      razorpay_order_id: 'order_Adv1',
      amount: 10_000,
      cod_advance: 100,
      amount_due_on_delivery: 2006,
    };
    const fetchMock = shopWith(
      (body) =>
        'payment_id' in body
          ? { success: true, message: 'Payment verified.', order_id: 503, status: 'cod_confirmed' }
          : advance,
      [home],
      { cod: { ...codOffered, advance: 100 } },
    );
    const { user } = renderRoute('/Billing-Address');

    const cod = await codRadio();
    await waitFor(() => expect(cod).toBeEnabled());
    // Items ₹2,057 + the ₹49 fee: ₹100 now, the rest at the door.
    expect(cod).toHaveAccessibleDescription('Pay ₹100 now, ₹2,006 on delivery');
    await user.click(cod);
    await user.click(screen.getByRole('button', { name: 'Place order (Cash on delivery)' }));

    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));
    expect(lastDialog().options).toMatchObject({ amount: 10_000, order_id: 'order_Adv1' });
    lastDialog().options.handler({ ...paid, razorpay_order_id: 'order_Adv1' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Order Placed Successfully !' })).toBeInTheDocument();
    expect(screen.getByText('Pay ₹2,006 in cash on delivery.')).toBeInTheDocument();
    expect(orderPlaceCalls(fetchMock)[1]).toMatchObject({ order_id: 503, razorpay_order_id: 'order_Adv1' });
  });

  it('says nothing of an advance when the shop asks none', async () => {
    shopWith(() => codPlaced, [home], { cod: codOffered });
    renderRoute('/Billing-Address');
    const cod = await codRadio();
    await waitFor(() => expect(cod).toBeEnabled());
    expect(screen.queryByText(/now,.*on delivery/)).toBeNull();
  });

  it('goes back to paying online, without the fee, when the shopper chooses so', async () => {
    const fetchMock = shopWith(() => created, [home], { cod: codOffered });
    const { user } = renderRoute('/Billing-Address');

    const cod = await codRadio();
    await waitFor(() => expect(cod).toBeEnabled());
    await user.click(cod);
    await user.click(screen.getByRole('radio', { name: 'Pay online' }));

    const totals = screen.getByRole('region', { name: 'Cart Totals' });
    expect(within(totals).queryByText('Cash on delivery fee')).toBeNull();
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹2,057');
    const pay = await payButton();
    await user.click(pay);
    await waitFor(() => expect(FakeRazorpay.opened).toHaveLength(1));
    expect(orderPlaceCalls(fetchMock)[0]).not.toHaveProperty('payment_method');
  });

  it('says what paying online saves beside the choice, takes it off the total, and not for cash on delivery', async () => {
    const prepaid = { percent: 5, max: null, amount: 102.85 };
    shopWith(() => created, [home], { cod: codOffered, prepaid_discount: prepaid });
    const { user } = renderRoute('/Billing-Address');

    const online = await screen.findByRole('radio', { name: 'Pay online' });
    expect(online).toHaveAccessibleDescription('Save ₹102.85 by paying online');
    const totals = screen.getByRole('region', { name: 'Cart Totals' });
    expect(await within(totals).findByText('Prepaid discount (paying online)')).toBeInTheDocument();
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹1,954.15');

    const cod = await codRadio();
    await waitFor(() => expect(cod).toBeEnabled());
    await user.click(cod);
    expect(within(totals).queryByText('Prepaid discount (paying online)')).toBeNull();
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹2,106');
    // The offer stays beside the online choice, so that the shopper sees what cash on delivery costs them.
    expect(screen.getByText('Save ₹102.85 by paying online')).toBeInTheDocument();
  });

  it("shows the server's reason when it refuses cash on delivery, and stays on the page", async () => {
    const reason =
      'Cash on delivery is not available for this order, as an earlier parcel came back to us unaccepted. Please pay online.';
    shopWith(() => json(409, { success: false, code: 'COD_NOT_AVAILABLE', message: reason }), [home], {
      cod: codOffered,
    });
    const { user } = renderRoute('/Billing-Address');

    const cod = await codRadio();
    await waitFor(() => expect(cod).toBeEnabled());
    await user.click(cod);
    const place = screen.getByRole('button', { name: 'Place order (Cash on delivery)' });
    await user.click(place);

    expect(await screen.findByRole('alert')).toHaveTextContent(reason);
    expect(FakeRazorpay.opened).toHaveLength(0);
    expect(screen.getByRole('heading', { level: 1, name: 'Billing Address' })).toBeInTheDocument();
    expect(place).toBeEnabled();
  });
});
