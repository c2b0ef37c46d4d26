import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { refreshQueries } from '#storefront/lib/queries/refresh.ts';
import { type Identity, ownerFields } from '#storefront/lib/session.ts';
import { CART_QUERY_KEY } from './useCartList';

export interface AddToCartInput {
  identity: Identity;
  product_id: number;
  /** The size_id (product.md §13). */
  size: number;
  quantity: number;
  /** The "find my size" answer this size was suggested by (ADR 060). */
  advice_id?: number;
}

/** add_cart for a user or a guest; the badge and cart page refresh once the server has taken the item. */
export function useAddToCart() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identity, ...item }: AddToCartInput) => apiPost('add_cart', { ...ownerFields(identity), ...item }),
    onSettled: () => refreshQueries(queryClient, CART_QUERY_KEY),
  });
}
