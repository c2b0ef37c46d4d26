import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { type Identity, identityKey, ownerFields, useIdentity } from '#storefront/lib/session.ts';

/** Every orders query starts with this key. */
export const ORDERS_QUERY_KEY = ['orders'] as const;

/** How far back the list reaches: the past 1, 2 or 3 months, or every order. */
export type OrderMonths = 1 | 2 | 3 | null;

/** The shopper's orders, newest first (my_orders; `months` narrows them, product.md §10). */
export function myOrdersQuery(identity: Identity, months: OrderMonths) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'list', identityKey(identity), months],
    queryFn: ({ signal }) =>
      apiPost('my_orders', { ...ownerFields(identity), ...(months ? { months } : {}) }, { signal }),
    select: (answer) => answer.data,
    enabled: identity.kind !== 'anonymous',
    staleTime: 0,
  });
}

export function useMyOrders(months: OrderMonths) {
  return useQuery(myOrdersQuery(useIdentity(), months));
}
