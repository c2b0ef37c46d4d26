import { useEffect } from 'react';
import { usePopup } from '../../../components/popups/PopupProvider';
import { ApiError } from '../../../lib/api';
import { forgetCouponId, useStoredCouponId } from '../../../lib/storedCoupon';
import { useCartList } from '../api/useCartList';
import { useCouponDiscount } from '../api/useCouponDiscount';

/** Rupees to whole paise, so that subtracting two server amounts never leaves a floating-point tail. */
const toPaise = (rupees: number) => Math.round(rupees * 100);

/**
 * The cart with the chosen coupon applied: the lines and amounts are the server's (cart_list), and so is the
 * discount (Coupon_discount_details); the total is their difference (spec §9). A coupon the server refuses for this
 * cart (minimum order not met, expired, used up) is cleared and the shopper is told why (spec §4).
 */
export function useCartTotals() {
  const cart = useCartList();
  const couponId = useStoredCouponId();
  const itemsTotal = cart.data?.total_amount ?? 0;
  const discount = useCouponDiscount(couponId, itemsTotal);
  const popup = usePopup();

  const refusal = discount.error instanceof ApiError && discount.error.isClientError ? discount.error.message : null;
  useEffect(() => {
    if (refusal === null) return;
    forgetCouponId();
    popup.error(refusal);
  }, [refusal, popup]);

  const discountAmount = discount.data?.discounted_amount ?? 0;
  return {
    cart,
    couponId,
    coupon: discount.data ?? null,
    /** True while the server works out the coupon's discount. */
    couponPending: discount.isFetching && discount.data === undefined,
    /** A discount that could not be fetched for a reason other than a refusal (network, server). */
    couponError: discount.isError && refusal === null ? discount.error : null,
    retryCoupon: () => discount.refetch(),
    total: (toPaise(itemsTotal) - toPaise(discountAmount)) / 100,
  };
}
