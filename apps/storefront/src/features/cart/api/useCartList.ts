import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { type Identity, identityKey, ownerFields, useIdentity } from '#storefront/lib/session.ts';

/** Every cart query starts with this key, so one invalidation refreshes the badge and the cart page together. */
export const CART_QUERY_KEY = ['cart'] as const;

/** The shopper's cart lines and totals; keyed by who is shopping, so a new guest or user reads their own cart. */
export function cartListQuery(identity: Identity) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, 'list', identityKey(identity)],
    queryFn: (context) => apiPost('cart_list', ownerFields(identity), context),
    enabled: identity.kind !== 'anonymous',
    // The cart changes with every add, and in other tabs: never trust an old answer for long.
    staleTime: 0,
  });
}

/** The cart of the current shopper; idle while nobody is shopping. */
export function useCartList() {
  return useQuery(cartListQuery(useIdentity()));
}
