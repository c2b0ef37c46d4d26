import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { type Identity, identityKey, ownerFields, useIdentity } from '#storefront/lib/session.ts';

/** The coupons that apply to a cart total (Coupon_list, product.md §4: asked with the cart's total). */
export function couponListQuery(identity: Identity, totalAmount: number) {
  return queryOptions({
    queryKey: ['coupons', identityKey(identity), totalAmount],
    queryFn: ({ signal }) =>
      apiPost('Coupon_list', { ...ownerFields(identity), total_amount: totalAmount }, { signal }),
    select: (answer) => answer.coupons,
  });
}

export function useCouponList(totalAmount: number) {
  return useQuery(couponListQuery(useIdentity(), totalAmount));
}
