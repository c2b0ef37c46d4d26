import type { AddressListAnswer } from '@kapaas/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { refreshQueries } from '#storefront/lib/queries/refresh.ts';
import { ownerFields, useIdentity } from '#storefront/lib/session.ts';
import { ADDRESSES_QUERY_KEY, addressListKey } from './useAddressList';

/**
 * address_active: the chosen card becomes the Active (default, selected) one at once (product.md §4); the old choice
 * comes back when the server refuses.
 */
export function useMakeAddressActive() {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const key = addressListKey(identity);
  return useMutation({
    mutationFn: (addressId: number) => apiPost('address_active', { ...ownerFields(identity), address_id: addressId }),
    onMutate: async (addressId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AddressListAnswer>(key);
      if (before) {
        queryClient.setQueryData<AddressListAnswer>(key, {
          ...before,
          address: before.address.map((address) => ({
            ...address,
            active_status: address.address_id === addressId ? 'Active' : 'Inactive',
          })),
        });
      }
      return { before };
    },
    onError: (_error, _addressId, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSettled: () => refreshQueries(queryClient, ADDRESSES_QUERY_KEY),
  });
}
