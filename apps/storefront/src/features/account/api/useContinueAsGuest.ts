import type { GuestAnswer } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { rememberGuest, storedGuestId } from '#storefront/lib/session.ts';
import type { PendingItem } from '../pendingItem';

/** The guest answer; its `cart_message` says why the item brought along could not go into the cart. */
export type GuestResult = GuestAnswer;

/** get_guest_id (product.md §4): reuses the stored guest id, else starts a new guest, and remembers it. */
export function useContinueAsGuest() {
  return useMutation({
    mutationFn: (item: PendingItem | undefined): Promise<GuestResult> => {
      const guestId = storedGuestId();
      return apiPost('get_guest_id', { ...(guestId !== null ? { guest_id: guestId } : {}), ...item });
    },
    onSuccess: (answer) => rememberGuest(answer.guest_id),
  });
}
