import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { type Identity, identityKey, ownerFields, useIdentity } from '#storefront/lib/session.ts';
import { CART_QUERY_KEY } from './useCartList';

/**
 * What the chosen coupon takes off the cart, as the server works it out (Coupon_discount_details). It sits under the
 * cart's key, so every cart change asks again with the new total.
 */
export function couponDiscountQuery(identity: Identity, couponId: number | null, totalAmount: number) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, 'coupon', identityKey(identity), couponId, totalAmount],
    queryFn:
      couponId === null
        ? skipToken
        : ({ signal }) =>
            apiPost(
              'Coupon_discount_details',
              { ...ownerFields(identity), coupon_id: couponId, total_amount: totalAmount },
              { signal },
            ),
    select: (answer) => answer.coupons,
    enabled: identity.kind !== 'anonymous' && couponId !== null && totalAmount > 0,
    staleTime: 0,
  });
}

export function useCouponDiscount(couponId: number | null, totalAmount: number) {
  return useQuery(couponDiscountQuery(useIdentity(), couponId, totalAmount));
}
