import type { AddressListAnswer } from '@kapaas/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { refreshQueries } from '#storefront/lib/queries/refresh.ts';
import { ownerFields, useIdentity } from '#storefront/lib/session.ts';
import { ADDRESSES_QUERY_KEY, addressListKey } from './useAddressList';

/**
 * delete_address, optimistic (product.md §4): the card leaves the list at once and comes back when the server refuses.
 * The list is read again afterwards, because deleting the Active address makes another one Active.
 */
export function useDeleteAddress() {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const key = addressListKey(identity);
  return useMutation({
    mutationFn: (addressId: number) => apiPost('delete_address', { ...ownerFields(identity), address_id: addressId }),
    onMutate: async (addressId) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<AddressListAnswer>(key);
      if (before) {
        queryClient.setQueryData<AddressListAnswer>(key, {
          ...before,
          address: before.address.filter((address) => address.address_id !== addressId),
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
