import type { CouponSummary } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { cartAnswer, cartLines, storeGuest } from '#storefront/test/shopping.ts';

const welcome: CouponSummary = {
  coupon_id: 1,
  coupon_name: 'Welcome offer',
  coupon_code: 'WELCOME100',
  coupon_type: 'Amount',
  amount: 100,
  percentage: 0,
  min_order_value: 999,
  max_discount: null,
  valid_to: null,
  discounted_amount: 100,
};
const organic: CouponSummary = {
  ...welcome,
  coupon_id: 2,
  coupon_name: 'Organic essentials',
  coupon_code: 'ORGANIC10',
  coupon_type: 'Percentage',
  amount: 0,
  percentage: 10,
  max_discount: 300,
  discounted_amount: 205.7,
};

describe('Coupons page', () => {
  beforeEach(() => {
    localStorage.clear();
    storeGuest(7);
  });

  it('lists the coupons for the cart total, and Apply keeps the coupon and goes to the cart', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      cart_list: cartAnswer(cartLines()),
      Coupon_list: { success: true, coupons: [welcome, organic] },
    });
    const { user, router } = renderRoute('/Coupouns');

    const card = (await screen.findByRole('heading', { name: 'Extra ₹100 or 0 % off on Welcome offer' })).closest(
      'article',
    );
    if (!card) throw new Error('no card');
    expect(within(card).getByText('WELCOME100')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Extra ₹0 or 10 % off on Organic essentials' })).toBeInTheDocument();
    const listCall = fetchMock.mock.calls.find(([input]) => String(input).endsWith('/api/Coupon_list'));
    expect(JSON.parse(String(listCall?.[1]?.body))).toEqual({ guest_id: 7, total_amount: 2057 });

    await user.click(within(card).getByRole('button', { name: 'Apply WELCOME100' }));

    expect(localStorage.getItem('coupon_id')).toBe('1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/shoping-cart');
  });

  it('says No Coupouns Available when none apply', async () => {
    stubApi({
      category_list: categoryList,
      cart_list: cartAnswer(cartLines()),
      Coupon_list: { success: true, coupons: [] },
    });
    renderRoute('/Coupouns');

    expect(await screen.findByText('No Coupouns Available')).toBeInTheDocument();
  });

  it('says No Coupouns Available when the list cannot be read', async () => {
    stubApi({
      category_list: categoryList,
      cart_list: cartAnswer(cartLines()),
      Coupon_list: () => json(500, { success: false, message: 'Something broke.' }),
    });
    renderRoute('/Coupouns');

    expect(await screen.findByText('No Coupouns Available')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Apply/ })).not.toBeInTheDocument();
  });
});
