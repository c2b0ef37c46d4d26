import type { SavedAddress } from '@kapaas/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { type Identity, identityKey, ownerFields, useIdentity } from '#storefront/lib/session.ts';

/** Every address query starts with this key, so one invalidation refreshes the billing page and the profile. */
export const ADDRESSES_QUERY_KEY = ['addresses'] as const;

/** The key of one shopper's address list, for reading and for optimistic edits of the cached list. */
export function addressListKey(identity: Identity) {
  return [...ADDRESSES_QUERY_KEY, 'list', identityKey(identity)] as const;
}

/** The saved addresses of a user or guest (the Active one first); idle while nobody is shopping. */
export function addressListQuery(identity: Identity) {
  return queryOptions({
    queryKey: addressListKey(identity),
    queryFn: (context) => apiPost('address_list', ownerFields(identity), context),
    select: (answer): SavedAddress[] => answer.address,
    enabled: identity.kind !== 'anonymous',
    staleTime: 0,
  });
}

export function useAddressList() {
  return useQuery(addressListQuery(useIdentity()));
}
