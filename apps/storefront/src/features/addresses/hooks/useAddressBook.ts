import { useEffect, useRef } from 'react';
import { usePopup } from '#storefront/components/popups/PopupProvider.tsx';
import { ApiError } from '#storefront/lib/api.ts';
import { ADDRESS_TEXTS } from '../addressTexts';
import { useAddressList } from '../api/useAddressList';
import { useDeleteAddress } from '../api/useDeleteAddress';
import { useMakeAddressActive } from '../api/useMakeAddressActive';

/** Where the list is shown: the failure text of an unanswered delete differs between them (product.md §8). */
export type AddressBookPlace = 'billing' | 'profile';

/**
 * The shopper's addresses with the actions both lists share (product.md §4): the Active one is the selected/default
 * one, the first address becomes Active when none is, choosing posts address_active, removing is optimistic and
 * rolled back with the documented texts when the server refuses.
 */
export function useAddressBook(place: AddressBookPlace) {
  const popup = usePopup();
  const list = useAddressList();
  const activate = useMakeAddressActive();
  const remove = useDeleteAddress();
  const addresses = list.data ?? [];
  const active = addresses.find((address) => address.active_status === 'Active') ?? null;
  const firstId = addresses[0]?.address_id ?? null;

  // Product.md §4: with no Active address the first one becomes Active. Tried once per first address, so a refusal
  // does not start a loop of requests.
  const triedFor = useRef<number | null>(null);
  const needsActive = list.isSuccess && !list.isFetching && active === null && firstId !== null;
  useEffect(() => {
    if (!needsActive || firstId === null || triedFor.current === firstId) return;
    triedFor.current = firstId;
    activate.mutate(firstId, { onError: () => popup.error(ADDRESS_TEXTS.activeFailed) });
  }, [needsActive, firstId, activate, popup]);

  const choose = (addressId: number) => {
    if (active?.address_id === addressId) return;
    activate.mutate(addressId, { onError: () => popup.error(ADDRESS_TEXTS.activeFailed) });
  };

  const removeAddress = (addressId: number) => {
    remove.mutate(addressId, {
      onError: (error) => {
        const answered = error instanceof ApiError && error.status !== 0;
        if (answered) popup.error(ADDRESS_TEXTS.deleteFailed);
        else popup.error(place === 'billing' ? ADDRESS_TEXTS.deleteError : ADDRESS_TEXTS.deleteException);
      },
    });
  };

  return {
    list,
    addresses,
    activeId: active?.address_id ?? null,
    choose,
    choosing: activate.isPending,
    remove: removeAddress,
    removingId: remove.isPending ? remove.variables : undefined,
  };
}
