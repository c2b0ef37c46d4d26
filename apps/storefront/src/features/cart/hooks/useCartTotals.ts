import type { PaymentMethod } from '@kapaas/contract';
import { useEffect, useState } from 'react';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { ApiError } from '#storefront/lib/api.ts';
import { forgetCouponId, useStoredCouponId } from '#storefront/lib/storedCoupon.ts';
import { useCartList } from '../api/useCartList';
import { useCouponDiscount } from '../api/useCouponDiscount';
import { codRefusalOf, orderValueOf, shippingChargeOf, toPaise } from '../lib/pricing';

/** Told inline when the coupon's discount could not be fetched (network, server) and the coupon was dropped. */
export const COUPON_NOT_APPLIED_MESSAGE = 'Your coupon could not be applied. Please select it again.';

/** The checkout's choices the totals depend on: where the order goes and how it is paid. */
export interface CheckoutChoice {
  /** The delivery address chosen; null for the shopper's active address. */
  addressId: number | null;
  /** The payment method chosen; cash on delivery counts only while this cart allows it. */
  paymentMethod: PaymentMethod;
}

/**
 * The cart with the chosen coupon applied: the lines, amounts and shipping terms are the server's (cart_list), and
 * so is the discount (Coupon_discount_details). Shipping is the zone's charge unless the items after the coupon reach
 * the free threshold; the total is items − discount + shipping (+ the cash-on-delivery fee when that is chosen and
 * allowed), as order_place charges it (product.md §12; the original storefront left shipping out). A failed discount
 * fetch clears the coupon (product.md §4), so the total shown and the order placed never carry a coupon the server
 * did not price: a refusal for this cart (minimum order not met, expired, used up) is told in a popup with the
 * server's reason, any other failure as an inline notice.
 */
export function useCartTotals(checkout?: CheckoutChoice) {
  const cart = useCartList(checkout?.addressId ?? null);
  const couponId = useStoredCouponId();
  const itemsTotal = cart.data?.total_amount ?? 0;
  const discount = useCouponDiscount(couponId, itemsTotal);
  const popup = usePopup();
  const [couponDropped, setCouponDropped] = useState(false);

  const failure = discount.isError ? discount.error : null;
  useEffect(() => {
    if (failure === null) return;
    forgetCouponId();
    const refused = failure instanceof ApiError && failure.isClientError;
    if (refused) popup.error(failure.message);
    setCouponDropped(!refused);
  }, [failure, popup]);

  const coupon = failure === null ? (discount.data ?? null) : null;
  const discountAmount = coupon?.discounted_amount ?? 0;
  const orderValue = cart.data ? orderValueOf(cart.data, discountAmount) : 0;
  // An empty cart ships nothing: its total is 0, whatever the charge.
  const shipping = cart.data ? shippingChargeOf(cart.data, discountAmount) : 0;
  const codRefusal = cart.data ? codRefusalOf(cart.data, orderValue) : null;
  const cod = checkout?.paymentMethod === 'cod' && cart.data !== undefined && codRefusal === null;
  const codFee = cod && cart.data ? cart.data.cod.fee : 0;
  // What paying online saves (ADR 047), as the server works it out: on the items after the coupon when there is one.
  const prepaidSaving = coupon ? (coupon.prepaid_discount ?? 0) : (cart.data?.prepaid_discount?.amount ?? 0);
  // Taken off the total only at checkout, once the shopper pays online; the cart page shows the full price.
  const prepaidDiscount = checkout && !cod ? prepaidSaving : 0;
  // The COD advance (issue 34): paid online at placement, at most the COD order's total; the rest at the door.
  const codTotalPaise =
    toPaise(itemsTotal) - toPaise(discountAmount) + toPaise(shipping) + toPaise(cart.data?.cod.fee ?? 0);
  const advancePaise = Math.min(toPaise(cart.data?.cod.advance ?? 0), codTotalPaise);
  const codAdvance =
    advancePaise > 0 ? { now: advancePaise / 100, onDelivery: (codTotalPaise - advancePaise) / 100 } : null;
  return {
    cart,
    couponId: failure === null ? couponId : null,
    coupon,
    /** True while the server works out the coupon's discount. */
    couponPending: discount.isFetching && discount.data === undefined,
    /** True while the totals shown are another address's, until cart_list answers for the one chosen. */
    repricing: cart.isPlaceholderData,
    /** Why the coupon was dropped, until another one is chosen. */
    couponNotice: couponDropped && couponId === null ? COUPON_NOT_APPLIED_MESSAGE : null,
    /** Items − discount: what the free-shipping threshold and the cash-on-delivery limits are set against. */
    orderValue,
    shipping,
    /** Why cash on delivery cannot be chosen for this cart, or null when it can. */
    codRefusal,
    /** How the order is paid, as far as this cart allows: cash on delivery falls back to online when refused. */
    paymentMethod: (cod ? 'cod' : 'online') as PaymentMethod,
    codFee,
    /** What paying online saves on this order (0 when the shop gives no prepaid discount). */
    prepaidSaving,
    /** Cash on delivery with an advance: what is paid online now and what at the door, in rupees; null: none. */
    codAdvance,
    /** The prepaid discount in the total: at checkout, paying online. */
    prepaidDiscount,
    total:
      (toPaise(itemsTotal) - toPaise(discountAmount) - toPaise(prepaidDiscount) + toPaise(shipping) + toPaise(codFee)) /
      100,
  };
}
