import type { CategoryProductListRequest } from '@kapaas/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Which products to list: a whole category's, or one subcategory's, and which page of them (the first if none). */
export type ProductListingScope = CategoryProductListRequest;

/** One page of the products of a category or subcategory, with the totals and the name to head the listing. */
export function categoryProductsQuery(scope: ProductListingScope) {
  return queryOptions({
    queryKey: ['catalogue', 'category-products', scope],
    queryFn: (context) => apiPost('category_product_list', scope, context),
  });
}

export function useCategoryProducts(scope: ProductListingScope) {
  return useQuery(categoryProductsQuery(scope));
}
