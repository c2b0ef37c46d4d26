import type { CartListAnswer } from '@kapaas/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cartAnswer, cartLines } from '#storefront/test/shopping.ts';
import { codRefusalOf, freeShippingHint, orderValueOf, shippingChargeOf, undeliverable } from './pricing';

/** The two-line cart (items ₹2,057) in a zone charging ₹79 below a free threshold of ₹2,000. */
function zonedCart(overrides: Partial<CartListAnswer> = {}): CartListAnswer {
  return { ...cartAnswer(cartLines()), shipping_charge: 0, zone_charge: 79, free_shipping_above: 2000, ...overrides };
}

describe('shippingChargeOf', () => {
  it('is free when the items reach the threshold, and the zone charge when a coupon takes them below it', () => {
    const cart = zonedCart();
    expect(shippingChargeOf(cart, 0)).toBe(0);
    expect(shippingChargeOf(cart, 57)).toBe(0);
    expect(shippingChargeOf(cart, 57.01)).toBe(79);
    expect(shippingChargeOf(cart, 100)).toBe(79);
  });

  it('is the zone charge in a zone that never ships free, and nothing for a cart without available lines', () => {
    expect(shippingChargeOf(zonedCart({ free_shipping_above: null }), 0)).toBe(79);
    const [jhabla] = cartLines();
    if (!jhabla) throw new Error('fixture');
    expect(shippingChargeOf(zonedCart({ product: [{ ...jhabla, available: false }] }), 0)).toBe(0);
    expect(shippingChargeOf(zonedCart({ product: [] }), 0)).toBe(0);
  });

  it('charges exactly when items − discount is under the threshold (property)', () => {
    const paise = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(paise, paise, paise, fc.integer({ min: 1, max: 50_000 }), (items, off, threshold, charge) => {
        const discount = Math.min(off, items) / 100;
        const cart = zonedCart({
          total_amount: items / 100,
          free_shipping_above: threshold / 100,
          zone_charge: charge / 100,
        });
        const shipping = shippingChargeOf(cart, discount);
        const below = items - Math.min(off, items) < threshold;
        expect(shipping).toBe(below ? charge / 100 : 0);
      }),
    );
  });
});

describe('freeShippingHint', () => {
  it('names the threshold while shipping is charged, and nothing once it is free or never free', () => {
    expect(freeShippingHint(zonedCart(), 79)).toBe('Free shipping from ₹2,000');
    expect(freeShippingHint(zonedCart(), 0)).toBeNull();
    expect(freeShippingHint(zonedCart({ free_shipping_above: null }), 79)).toBeNull();
  });
});

describe('codRefusalOf', () => {
  const offered = (limits: { min_order: number; max_order: number }) =>
    zonedCart({ cod: { offered: true, reason: null, fee: 49, advance: 0, ...limits } });

  it("gives the server's reason when cash on delivery is not offered here", () => {
    const cart = zonedCart({
      cod: {
        offered: false,
        reason: 'Cash on delivery is not available at PIN code 744101.',
        fee: 49,
        advance: 0,
        min_order: 0,
        max_order: 5000,
      },
    });
    expect(codRefusalOf(cart, 2057)).toBe('Cash on delivery is not available at PIN code 744101.');
  });

  it('allows the order value within the limits, ends included', () => {
    const cart = offered({ min_order: 299, max_order: 5000 });
    expect(codRefusalOf(cart, 299)).toBeNull();
    expect(codRefusalOf(cart, 5000)).toBeNull();
  });

  it('refuses an order value outside the limits, judged after the coupon', () => {
    const cart = offered({ min_order: 2000, max_order: 5000 });
    expect(codRefusalOf(cart, orderValueOf(cart, 0))).toBeNull();
    expect(codRefusalOf(cart, orderValueOf(cart, 100))).toBe(
      'Cash on delivery is available on orders of ₹2,000 or more.',
    );
    expect(codRefusalOf(offered({ min_order: 299, max_order: 2000 }), 2057)).toBe(
      'Cash on delivery is available on orders up to ₹2,000. Please pay online.',
    );
  });
});

describe('undeliverable', () => {
  it('is true only for an address whose zone is named without a delivery date', () => {
    expect(undeliverable(zonedCart({ shipping_zone: 'remote', delivery_by: null }))).toBe(true);
    expect(undeliverable(zonedCart({ shipping_zone: 'remote', delivery_by: '2026-12-04' }))).toBe(false);
    expect(undeliverable(zonedCart({ shipping_zone: null, delivery_by: null }))).toBe(false);
  });
});
