import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Everything the product page shows about one product, with its sizes and related products. */
export function productDetailQuery(productId: number) {
  return queryOptions({
    queryKey: ['catalogue', 'product-detail', productId],
    queryFn: (context) => apiPost('product_detail', { product_id: productId }, context),
    select: (answer) => answer.products,
  });
}

export function useProductDetail(productId: number) {
  return useQuery(productDetailQuery(productId));
}
