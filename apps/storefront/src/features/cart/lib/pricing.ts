import type { CartListAnswer } from '@kapaas/contract';
import { formatRupees } from '#storefront/lib/money.ts';

/** Rupees to whole paise, so that comparing and subtracting server amounts never leaves a floating-point tail. */
export const toPaise = (rupees: number) => Math.round(rupees * 100);

/** What the cart's order is worth for the free-shipping threshold and the cash-on-delivery limits: items − coupon. */
export function orderValueOf(cart: CartListAnswer, discount: number): number {
  return (toPaise(cart.total_amount) - toPaise(discount)) / 100;
}

/**
 * The shipping charge order_place will take (ADR 033): nothing for a cart without an available line; nothing when the
 * zone has a free-shipping threshold and the items after the coupon reach it; else the zone's charge. cart_list's own
 * `shipping_charge` is worked out before the coupon, so a coupon that takes the items below the threshold is only
 * seen here.
 */
export function shippingChargeOf(cart: CartListAnswer, discount: number): number {
  if (!cart.product.some((line) => line.available)) return 0;
  const threshold = cart.free_shipping_above;
  if (threshold !== null && toPaise(orderValueOf(cart, discount)) >= toPaise(threshold)) return 0;
  return cart.zone_charge;
}

/** Whether the shop does not deliver to the chosen address (its zone is switched off): cart_list names the zone and no date. */
export function undeliverable(cart: CartListAnswer): boolean {
  return cart.shipping_zone !== null && cart.delivery_by === null;
}

/** "Free shipping from ₹999" while the cart pays for shipping and the zone has a threshold, else null. */
export function freeShippingHint(cart: CartListAnswer, shipping: number): string | null {
  if (shipping <= 0 || cart.free_shipping_above === null) return null;
  return `Free shipping from ${formatRupees(cart.free_shipping_above)}`;
}

/**
 * Why cash on delivery cannot be chosen for this cart, in the shopper's words, or null when it can: the server's
 * reason when it does not offer it here (shop switch, PIN code, an earlier returned parcel, zone), else the limits,
 * which apply to the items after the coupon and which the server leaves to the client until the order is placed.
 */
export function codRefusalOf(cart: CartListAnswer, orderValue: number): string | null {
  const { cod } = cart;
  if (!cod.offered) return cod.reason ?? 'Cash on delivery is not available for this order.';
  if (toPaise(orderValue) < toPaise(cod.min_order)) {
    return `Cash on delivery is available on orders of ${formatRupees(cod.min_order)} or more.`;
  }
  if (toPaise(orderValue) > toPaise(cod.max_order)) {
    return `Cash on delivery is available on orders up to ${formatRupees(cod.max_order)}. Please pay online.`;
  }
  return null;
}
