import { useEffect, useState } from 'react';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { ApiError } from '#storefront/lib/api.ts';
import { forgetCouponId, useStoredCouponId } from '#storefront/lib/storedCoupon.ts';
import { useCartList } from '../api/useCartList';
import { useCouponDiscount } from '../api/useCouponDiscount';

/** Rupees to whole paise, so that subtracting two server amounts never leaves a floating-point tail. */
const toPaise = (rupees: number) => Math.round(rupees * 100);

/** Told inline when the coupon's discount could not be fetched (network, server) and the coupon was dropped. */
export const COUPON_NOT_APPLIED_MESSAGE = 'Your coupon could not be applied. Please select it again.';

/**
 * The cart with the chosen coupon applied: the lines, amounts and shipping charge are the server's (cart_list), and
 * so is the discount (Coupon_discount_details); the total is items − discount + shipping, as order_place charges it
 * (product.md §12; the original storefront left shipping out). A failed discount fetch clears the
 * coupon (product.md §4), so the total shown and the order placed never carry a coupon the server did not price: a
 * refusal for this cart (minimum order not met, expired, used up) is told in a popup with the server's reason, any
 * other failure as an inline notice.
 */
export function useCartTotals() {
  const cart = useCartList();
  const couponId = useStoredCouponId();
  const itemsTotal = cart.data?.total_amount ?? 0;
  // An empty cart ships nothing: its total is 0, whatever the charge.
  const shipping = cart.data?.product.some((line) => line.available) ? cart.data.shipping_charge : 0;
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
  return {
    cart,
    couponId: failure === null ? couponId : null,
    coupon,
    /** True while the server works out the coupon's discount. */
    couponPending: discount.isFetching && discount.data === undefined,
    /** Why the coupon was dropped, until another one is chosen. */
    couponNotice: couponDropped && couponId === null ? COUPON_NOT_APPLIED_MESSAGE : null,
    total: (toPaise(itemsTotal) - toPaise(discountAmount) + toPaise(shipping)) / 100,
  };
}
