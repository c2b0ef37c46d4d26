import type { AddAddressRequest, UpdateAddressRequest } from '@kapaas/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { refreshQueries } from '#storefront/lib/queries/refresh.ts';
import { ownerFields, useIdentity } from '#storefront/lib/session.ts';
import { ADDRESSES_QUERY_KEY } from './useAddressList';

type AddressFields = Omit<AddAddressRequest, 'user_id' | 'guest_id'>;
type AddressChanges = Omit<UpdateAddressRequest, 'user_id' | 'guest_id'>;

/** add_address for the current user or guest; the lists are read again once it is saved. */
export function useAddAddress() {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (fields: AddressFields) => apiPost('add_address', { ...ownerFields(identity), ...fields }),
    onSuccess: () => refreshQueries(queryClient, ADDRESSES_QUERY_KEY),
  });
}

/** update_address; pin code, e-mail and phone left out keep their saved values. */
export function useUpdateAddress() {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: AddressChanges) => apiPost('update_address', { ...ownerFields(identity), ...changes }),
    onSuccess: () => refreshQueries(queryClient, ADDRESSES_QUERY_KEY),
  });
}
