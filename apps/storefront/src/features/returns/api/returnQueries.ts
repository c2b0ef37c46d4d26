import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { type Identity, identityKey, ownerFields, useIdentity } from '#storefront/lib/session.ts';

/** Every returns query starts with this key; a new return refreshes them all. */
export const RETURNS_QUERY_KEY = ['returns'] as const;

/** The shopper's returns and exchanges, newest first (my_returns). */
export function myReturnsQuery(identity: Identity) {
  return queryOptions({
    queryKey: [...RETURNS_QUERY_KEY, 'list', identityKey(identity)],
    queryFn: (context) => apiPost('my_returns', ownerFields(identity), context),
    select: (answer) => answer.data,
    enabled: identity.kind !== 'anonymous',
    staleTime: 0,
  });
}

export function useMyReturns() {
  return useQuery(myReturnsQuery(useIdentity()));
}

/** One of the shopper's returns with its history, refund and exchange parcel (return_details). */
export function returnDetailsQuery(identity: Identity, returnId: number) {
  return queryOptions({
    queryKey: [...RETURNS_QUERY_KEY, 'detail', identityKey(identity), returnId],
    queryFn: (context) => apiPost('return_details', { ...ownerFields(identity), return_id: returnId }, context),
    select: (answer) => answer.data,
    enabled: identity.kind !== 'anonymous',
    staleTime: 0,
  });
}

export function useReturnDetails(returnId: number) {
  return useQuery(returnDetailsQuery(useIdentity(), returnId));
}
