import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { ORDERS_QUERY_KEY } from '#storefront/lib/queries/useMyOrders.ts';
import { type Identity, identityKey, ownerFields, useIdentity } from '#storefront/lib/session.ts';

/** One of the shopper's orders with its address, coupon and status history (order_details). */
export function orderDetailsQuery(identity: Identity, orderId: number) {
  return queryOptions({
    queryKey: [...ORDERS_QUERY_KEY, 'detail', identityKey(identity), orderId],
    queryFn: (context) => apiPost('order_details', { ...ownerFields(identity), order_id: orderId }, context),
    select: (answer) => answer.data,
    enabled: identity.kind !== 'anonymous',
    staleTime: 0,
  });
}

export function useOrderDetails(orderId: number) {
  return useQuery(orderDetailsQuery(useIdentity(), orderId));
}
