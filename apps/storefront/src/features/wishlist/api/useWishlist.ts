import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { refreshQueries } from '#storefront/lib/queries/refresh.ts';
import { type Identity, identityKey, useIdentity } from '#storefront/lib/session.ts';

/** Every wishlist query starts with this key. */
export const WISHLIST_QUERY_KEY = ['wishlist'] as const;

/** The saved products of a registered user; the wishlist is for users only (product.md §6), so it stays idle otherwise. */
export function wishlistQuery(identity: Identity) {
  return queryOptions({
    queryKey: [...WISHLIST_QUERY_KEY, identityKey(identity)],
    queryFn: ({ signal }) =>
      apiPost('wishlist', identity.kind === 'user' ? { user_id: identity.userId } : {}, { signal }),
    select: (answer) => answer.product,
    enabled: identity.kind === 'user',
    staleTime: 0,
  });
}

export function useWishlist() {
  return useQuery(wishlistQuery(useIdentity()));
}

export interface WishlistChange {
  userId: number;
  productId: number;
  /** True to save the product, false to take it off. */
  save: boolean;
}

/** add_wishlist or remove_wishlist; the saved list is read again before the mutation counts as done. */
export function useWishlistChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, productId, save }: WishlistChange) =>
      apiPost(save ? 'add_wishlist' : 'remove_wishlist', { user_id: userId, product_id: productId }),
    onSettled: () => refreshQueries(queryClient, WISHLIST_QUERY_KEY),
  });
}
