import type { ReturnRequestRequest } from '@kapaas/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { ORDERS_QUERY_KEY } from '#storefront/lib/queries/useMyOrders.ts';
import { RETURNS_QUERY_KEY } from './returnQueries';

/** return_request: asks to return or exchange pieces of a delivered order; the order and the returns refresh. */
export function useReturnRequest() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ReturnRequestRequest) => apiPost('return_request', body),
    onSuccess: async () => {
      await Promise.all([
        client.invalidateQueries({ queryKey: RETURNS_QUERY_KEY }),
        client.invalidateQueries({ queryKey: ORDERS_QUERY_KEY }),
      ]);
    },
  });
}
