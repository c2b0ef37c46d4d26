import { useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { identityKey, ownerFields, useIdentity } from '#storefront/lib/session.ts';
import { ADDRESSES_QUERY_KEY } from './useAddressList';

/** edit_address: one saved address, to fill the edit form. */
export function useAddressDetails(addressId: number) {
  const identity = useIdentity();
  return useQuery({
    queryKey: [...ADDRESSES_QUERY_KEY, 'detail', identityKey(identity), addressId],
    queryFn: (context) => apiPost('edit_address', { ...ownerFields(identity), address_id: addressId }, context),
    select: (answer) => answer.address,
    enabled: identity.kind !== 'anonymous',
    staleTime: 0,
    gcTime: 0,
  });
}
