import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { refreshQueries } from '#storefront/lib/queries/refresh.ts';
import { type Identity, ownerFields } from '#storefront/lib/session.ts';
import { CART_QUERY_KEY } from './useCartList';

/** One line of the cart: a product in a size. */
export interface CartLineRef {
  identity: Identity;
  product_id: number;
  /** The size_id of the line. */
  size: number;
}

/**
 * cart_quantity_update. The mutation stays pending until the cart has been read again, so the new quantity, the
 * totals and the header badge change together, and only once the server has agreed (product.md §4).
 */
export function useChangeCartQuantity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identity, ...line }: CartLineRef & { quantity: number }) =>
      apiPost('cart_quantity_update', { ...ownerFields(identity), ...line }),
    onSuccess: () => refreshQueries(queryClient, CART_QUERY_KEY),
  });
}

/** remove_cart for one size of a product; like a quantity change, it shows once the server has removed the line. */
export function useRemoveCartLine() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ identity, ...line }: CartLineRef) => apiPost('remove_cart', { ...ownerFields(identity), ...line }),
    onSuccess: () => refreshQueries(queryClient, CART_QUERY_KEY),
  });
}
