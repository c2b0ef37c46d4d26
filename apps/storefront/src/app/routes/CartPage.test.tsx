import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { storeCouponId } from '#storefront/lib/storedCoupon.ts';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { cartAnswer, cartLines, fakeServerCart, storeGuest } from '#storefront/test/shopping.ts';

/** The cart's spinner stays 1.5 s (product.md §9), so the page's content is waited for a little longer. */
const AFTER_SPINNER = { timeout: 5000 };

function sent(fetchMock: ReturnType<typeof stubApi>, endpoint: string) {
  return fetchMock.mock.calls
    .filter(([input]) => String(input).endsWith(`/api/${endpoint}`))
    .map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>);
}

describe('Cart page', () => {
  beforeEach(() => {
    localStorage.clear();
    storeGuest(7);
  });

  it('shows the spinner first, then each line, the steps bar and the totals', async () => {
    const cart = fakeServerCart();
    stubApi({ category_list: categoryList, ...cart.answers });
    renderRoute('/shoping-cart');

    expect(await screen.findByText('Loading your cart')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Items in your cart' }, AFTER_SPINNER);

    const jhabla = within(table).getByRole('row', { name: /Mulmul Jhabla/ });
    expect(within(jhabla).getByRole('img', { name: 'Mulmul Jhabla' })).toHaveAttribute('src', '/media/jhabla.jpg');
    expect(within(jhabla).getByText('0-3M')).toBeInTheDocument();
    expect(within(jhabla).getByRole('combobox', { name: 'Quantity of Mulmul Jhabla, size 0-3M' })).toHaveValue('2');
    expect(within(jhabla).getAllByRole('option')).toHaveLength(5);
    expect(within(jhabla).getByText('₹1,098')).toBeInTheDocument();

    const romper = within(table).getByRole('row', { name: /Muslin Romper/ });
    expect(within(romper).getByText('₹959', { selector: '.price__current' })).toBeInTheDocument();
    expect(within(romper).getByText('₹1,199', { selector: 's' })).toBeInTheDocument();

    const steps = screen.getByRole('navigation', { name: 'Checkout steps' });
    expect(within(steps).getByText('SHOPPING CART').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(steps).getByText('BILLING ADDRESS')).toBeInTheDocument();
    expect(within(steps).getByText('PAYMENT DETAIL')).toBeInTheDocument();

    const totals = screen.getByRole('region', { name: 'Cart Totals' });
    expect(within(totals).getByText('Cart Items').nextSibling).toHaveTextContent('3');
    expect(within(totals).getByText('Shipping').nextSibling).toHaveTextContent('Free');
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹2,057');
    expect(within(totals).getByRole('link', { name: 'Select Coupon' })).toHaveAttribute('href', '/Coupouns');
    expect(within(totals).getByRole('button', { name: 'CONTINUE' })).toBeEnabled();
    expect(screen.getByRole('link', { name: 'Shopping cart, 3 items' })).toBeInTheDocument();
  });

  it('adds the zone’s shipping charge to the total, as the order will charge it', async () => {
    stubApi({
      category_list: categoryList,
      cart_list: { ...cartAnswer(cartLines()), shipping_charge: 49, zone_charge: 49, free_shipping_above: null },
    });
    renderRoute('/shoping-cart');
    const totals = await screen.findByRole('region', { name: 'Cart Totals' }, AFTER_SPINNER);
    expect(within(totals).getByText('Shipping').nextSibling).toHaveTextContent('₹49');
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹2,106');
    expect(within(totals).queryByText(/Free shipping from/)).toBeNull();
  });

  it('ships free from the threshold, and charges the zone when the coupon takes the items below it', async () => {
    // Items ₹2,057, free from ₹2,000 in a zone charging ₹79: free as it is, charged after a ₹100 coupon.
    const zoned = { ...cartAnswer(cartLines()), shipping_charge: 0, zone_charge: 79, free_shipping_above: 2000 };
    stubApi({
      category_list: categoryList,
      cart_list: zoned,
      Coupon_discount_details: {
        success: true,
        coupons: { coupon_id: 4, coupon_code: 'WELCOME100', discounted_amount: 100 },
      },
    });
    renderRoute('/shoping-cart');
    const totals = await screen.findByRole('region', { name: 'Cart Totals' }, AFTER_SPINNER);
    expect(within(totals).getByText('Shipping').nextSibling).toHaveTextContent('Free');
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹2,057');
    expect(within(totals).queryByText(/Free shipping from/)).toBeNull();

    // The coupon is chosen as the coupons page does.
    act(() => storeCouponId(4));
    await within(totals).findByText('WELCOME100');
    expect(within(totals).getByText('Shipping').nextSibling).toHaveTextContent('₹79');
    expect(within(totals).getByText('Free shipping from ₹2,000')).toBeInTheDocument();
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹2,036');
  });

  it('changes a quantity once the server agrees, and the totals and header badge follow', async () => {
    const cart = fakeServerCart();
    const fetchMock = stubApi({ category_list: categoryList, ...cart.answers });
    const { user } = renderRoute('/shoping-cart');

    const select = await screen.findByRole('combobox', { name: 'Quantity of Mulmul Jhabla, size 0-3M' }, AFTER_SPINNER);
    await user.selectOptions(select, '4');

    expect(await screen.findByRole('link', { name: 'Shopping cart, 5 items' })).toBeInTheDocument();
    expect(select).toHaveValue('4');
    expect(screen.getByRole('row', { name: /Mulmul Jhabla/ })).toHaveTextContent('₹2,196');
    const totals = screen.getByRole('region', { name: 'Cart Totals' });
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹3,155');
    expect(sent(fetchMock, 'cart_quantity_update')).toEqual([{ guest_id: 7, product_id: 1, size: 11, quantity: 4 }]);
  });

  it('keeps showing the confirmed quantity, disabled and Updating…, until the server answers', async () => {
    const cart = fakeServerCart();
    const fetchMock = stubApi({ category_list: categoryList, ...cart.answers });
    const answerNow = fetchMock.getMockImplementation() as typeof fetch;
    let release: () => void = () => undefined;
    fetchMock.mockImplementation(async (input, init) => {
      if (!String(input).endsWith('/api/cart_quantity_update')) return answerNow(input, init);
      await new Promise<void>((resolve) => (release = resolve));
      return answerNow(input, init);
    });
    const { user } = renderRoute('/shoping-cart');

    const select = await screen.findByRole('combobox', { name: 'Quantity of Mulmul Jhabla, size 0-3M' }, AFTER_SPINNER);
    await user.selectOptions(select, '4');

    const row = screen.getByRole('row', { name: /Mulmul Jhabla/ });
    expect(await within(row).findByText('Updating…')).toBeInTheDocument();
    expect(select).toBeDisabled();
    expect(select).toHaveValue('2');

    release();
    await waitFor(() => expect(select).toHaveValue('4'));
    expect(select).toBeEnabled();
    expect(row).toHaveTextContent('₹2,196');
  });

  it('keeps the old quantity and shows the server refusal', async () => {
    const cart = fakeServerCart();
    stubApi({ category_list: categoryList, ...cart.answers });
    const { user } = renderRoute('/shoping-cart');

    const select = await screen.findByRole('combobox', { name: 'Quantity of Muslin Romper, size 3-6M' }, AFTER_SPINNER);
    cart.state.refuse = { status: 409, message: 'You can add at most 2 of this size.' };
    await user.selectOptions(select, '3');

    expect(await screen.findByRole('alert')).toHaveTextContent('You can add at most 2 of this size.');
    expect(select).toHaveValue('1');
    expect(select).toHaveAccessibleDescription('You can add at most 2 of this size.');
    expect(screen.getByRole('link', { name: 'Shopping cart, 3 items' })).toBeInTheDocument();
  });

  it('removes a line once the server has, and says so', async () => {
    const cart = fakeServerCart();
    const fetchMock = stubApi({ category_list: categoryList, ...cart.answers });
    const { user } = renderRoute('/shoping-cart');

    await user.click(await screen.findByRole('button', { name: 'Remove Muslin Romper, size 3-6M' }, AFTER_SPINNER));

    const popup = await screen.findByRole('dialog');
    expect(popup).toHaveTextContent('Item removed from cart.');
    await user.click(within(popup).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('row', { name: /Muslin Romper/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Shopping cart, 2 items' })).toBeInTheDocument();
    expect(sent(fetchMock, 'remove_cart')).toEqual([{ guest_id: 7, product_id: 2, size: 21 }]);
  });

  it('keeps a line whose removal the server refused, with its reason', async () => {
    const cart = fakeServerCart();
    stubApi({ category_list: categoryList, ...cart.answers });
    const { user } = renderRoute('/shoping-cart');

    cart.state.refuse = { status: 404, message: 'This item is not in your cart.' };
    await user.click(await screen.findByRole('button', { name: 'Remove Mulmul Jhabla, size 0-3M' }, AFTER_SPINNER));

    expect(await screen.findByRole('alert')).toHaveTextContent('This item is not in your cart.');
    expect(screen.getByRole('row', { name: /Mulmul Jhabla/ })).toBeInTheDocument();
  });

  it('says the cart is empty, with a way back to the shop and no CONTINUE', async () => {
    stubApi({ category_list: categoryList, cart_list: cartAnswer([]) });
    renderRoute('/shoping-cart');

    expect(await screen.findByRole('heading', { name: 'Your Cart is Empty !' }, AFTER_SPINNER)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'CONTINUE' })).not.toBeInTheDocument();
  });

  it('flags a line the server says cannot be bought and blocks CONTINUE until it is gone', async () => {
    const [jhabla, romper] = cartLines();
    if (!jhabla || !romper) throw new Error('fixture');
    const cart = fakeServerCart([
      jhabla,
      { ...romper, available: false, max_quantity: 0, unavailable_reason: 'This size is out of stock.' },
    ]);
    stubApi({ category_list: categoryList, ...cart.answers });
    const { user } = renderRoute('/shoping-cart');

    const row = await screen.findByRole('row', { name: /Muslin Romper/ }, AFTER_SPINNER);
    expect(within(row).getByText('Unavailable')).toBeInTheDocument();
    expect(within(row).getByText('This size is out of stock.')).toBeInTheDocument();
    expect(within(row).getByRole('combobox')).toBeDisabled();
    const totals = screen.getByRole('region', { name: 'Cart Totals' });
    expect(within(totals).getByText('Cart Items').nextSibling).toHaveTextContent('2');
    expect(within(totals).getByRole('button', { name: 'CONTINUE' })).toBeDisabled();
    expect(within(totals).getByText('Remove the unavailable items from your cart to continue.')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: /Remove Muslin Romper/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'OK' }));
    expect(within(totals).getByRole('button', { name: 'CONTINUE' })).toBeEnabled();
  });

  it("says beside a line when the server finds its size outside the saved children's ages", async () => {
    const [jhabla, romper] = cartLines();
    if (!jhabla || !romper) throw new Error('fixture');
    const warning = '0-3M is for 0–3 months; Aarav is 20 months.';
    const cart = fakeServerCart([{ ...jhabla, fit_warning: warning }, romper]);
    stubApi({ category_list: categoryList, ...cart.answers });
    renderRoute('/shoping-cart');

    const row = await screen.findByRole('row', { name: /Mulmul Jhabla/ }, AFTER_SPINNER);
    expect(within(row).getByText(`Check the size: ${warning}`)).toBeInTheDocument();
    expect(within(screen.getByRole('row', { name: /Muslin Romper/ })).queryByText(/Check the size/)).toBeNull();
    // A warning, not a refusal: the parent may be buying ahead.
    expect(screen.getByRole('button', { name: 'CONTINUE' })).toBeEnabled();
  });

  it('goes on to the billing address with CONTINUE', async () => {
    const cart = fakeServerCart();
    stubApi({ category_list: categoryList, ...cart.answers, address_list: { success: true, address: [] } });
    const { user, router } = renderRoute('/shoping-cart');

    await user.click(await screen.findByRole('button', { name: 'CONTINUE' }, AFTER_SPINNER));
    expect(await screen.findByRole('heading', { level: 1, name: 'Billing Address' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/Billing-Address');
  });

  it('applies the chosen coupon with the discount the server works out, and removes it', async () => {
    localStorage.setItem('coupon_id', '4');
    const cart = fakeServerCart();
    const fetchMock = stubApi({
      category_list: categoryList,
      ...cart.answers,
      Coupon_discount_details: {
        success: true,
        coupons: { coupon_id: 4, coupon_code: 'WELCOME100', discounted_amount: 100 },
      },
    });
    const { user } = renderRoute('/shoping-cart');

    const totals = await screen.findByRole('region', { name: 'Cart Totals' }, AFTER_SPINNER);
    expect(await within(totals).findByText('WELCOME100')).toBeInTheDocument();
    expect(within(totals).getByText('−₹100')).toBeInTheDocument();
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹1,957');
    expect(sent(fetchMock, 'Coupon_discount_details')).toEqual([{ guest_id: 7, coupon_id: 4, total_amount: 2057 }]);

    await user.click(within(totals).getByRole('button', { name: 'Remove coupon WELCOME100' }));
    expect(within(totals).getByRole('link', { name: 'Select Coupon' })).toBeInTheDocument();
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹2,057');
    expect(localStorage.getItem('coupon_id')).toBeNull();
  });

  it('clears a coupon the server refuses for this cart and says why', async () => {
    localStorage.setItem('coupon_id', '4');
    const cart = fakeServerCart();
    stubApi({
      category_list: categoryList,
      ...cart.answers,
      Coupon_discount_details: () =>
        json(409, { success: false, message: 'This coupon needs an order of at least ₹2,999.' }),
    });
    renderRoute('/shoping-cart');

    expect(await screen.findByRole('dialog', {}, AFTER_SPINNER)).toHaveTextContent(
      'This coupon needs an order of at least ₹2,999.',
    );
    expect(localStorage.getItem('coupon_id')).toBeNull();
    expect(screen.getByRole('link', { name: 'Select Coupon' })).toBeInTheDocument();
  });

  it('clears a coupon whose discount cannot be fetched, shows the full total and says it was not applied', async () => {
    localStorage.setItem('coupon_id', '4');
    const cart = fakeServerCart();
    stubApi({
      category_list: categoryList,
      ...cart.answers,
      Coupon_discount_details: () => json(500, { success: false, message: 'Internal error' }),
    });
    renderRoute('/shoping-cart');

    const totals = await screen.findByRole('region', { name: 'Cart Totals' }, AFTER_SPINNER);
    expect(await within(totals).findByRole('alert')).toHaveTextContent(
      'Your coupon could not be applied. Please select it again.',
    );
    expect(localStorage.getItem('coupon_id')).toBeNull();
    expect(within(totals).getByRole('link', { name: 'Select Coupon' })).toBeInTheDocument();
    expect(within(totals).getByText('Total').nextSibling).toHaveTextContent('₹2,057');
    expect(within(totals).queryByRole('button', { name: /retry/i })).not.toBeInTheDocument();
  });

  it('asks a visitor to log in or continue as a guest, and a new guest goes home after 1 s', async () => {
    localStorage.clear();
    stubApi({
      category_list: categoryList,
      get_guest_id: { success: true, guest_id: 42, message: 'You are logged in as a Guest.' },
    });
    const { user, router } = renderRoute('/shoping-cart');

    expect(await screen.findByText('Please log in or continue as a guest to view your cart.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Login or continue as a Guest' }));
    const ask = await screen.findByRole('dialog', { name: 'Login or continue as a Guest' });
    await user.click(within(ask).getByRole('button', { name: 'Proceed as Guest' }));

    expect(await screen.findByText('You are logged in as a Guest.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shoping-cart');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'), { timeout: 4000 });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
