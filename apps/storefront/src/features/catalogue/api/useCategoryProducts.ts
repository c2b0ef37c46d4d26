import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Which products to list: a whole category's, or one subcategory's. */
export type ProductListingScope = { category_id: number } | { subcategory_id: number };

/** The products of a category or subcategory, with the name to head the listing. */
export function categoryProductsQuery(scope: ProductListingScope) {
  return queryOptions({
    queryKey: ['catalogue', 'category-products', scope],
    queryFn: ({ signal }) => apiPost('category_product_list', scope, { signal }),
  });
}

export function useCategoryProducts(scope: ProductListingScope) {
  return useQuery(categoryProductsQuery(scope));
}
