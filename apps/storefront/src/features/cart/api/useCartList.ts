import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { type Identity, identityKey, ownerFields, useIdentity } from '#storefront/lib/session.ts';

/** Every cart query starts with this key, so one invalidation refreshes the badge and the cart page together. */
export const CART_QUERY_KEY = ['cart'] as const;

/**
 * The shopper's cart lines and totals; keyed by who is shopping, so a new guest or user reads their own cart. With
 * `addressId` the server prices shipping, the delivery date and cash on delivery for that address; without it, for
 * the shopper's active address.
 */
export function cartListQuery(identity: Identity, addressId: number | null = null) {
  return queryOptions({
    queryKey: [...CART_QUERY_KEY, 'list', identityKey(identity), addressId],
    queryFn: (context) =>
      apiPost(
        'cart_list',
        addressId === null ? ownerFields(identity) : { ...ownerFields(identity), address_id: addressId },
        context,
      ),
    enabled: identity.kind !== 'anonymous',
    // The cart changes with every add, and in other tabs: never trust an old answer for long.
    staleTime: 0,
  });
}

/**
 * The cart of the current shopper; idle while nobody is shopping. When only the address changes, the previous answer
 * stays shown (`isPlaceholderData`) until the new one arrives, so the totals panel does not blink; another shopper's
 * cart is never shown in the meantime.
 */
export function useCartList(addressId: number | null = null) {
  const options = cartListQuery(useIdentity(), addressId);
  const owner = options.queryKey[2];
  return useQuery({
    ...options,
    placeholderData: (previous, previousQuery) => (previousQuery?.queryKey[2] === owner ? previous : undefined),
  });
}
