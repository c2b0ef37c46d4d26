import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiPost } from '#storefront/lib/api.ts';
import { forgetIdentity } from '#storefront/lib/session.ts';

/**
 * Logout (product.md §4): ends the server session with `logout`, forgets userName, userId, guest_id and hasShownPopup,
 * and drops everything cached about the shopper. A session the server already ended (401) counts as logged out.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      try {
        await apiPost('logout', {});
      } catch (error) {
        if (!(error instanceof ApiError && error.status === 401)) throw error;
      }
    },
    onSuccess: () => {
      forgetIdentity();
      // The catalogue stays; the cart, wishlist, addresses, orders and profile belonged to the one who left.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== 'catalogue' });
    },
  });
}
