import type { SortFilterRequest } from '@kapaas/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiPostOptions, apiPost } from '#storefront/lib/api.ts';

/** POSTs `sort_filter`: one category's (or subcategory's) products in the order of a sort code 1, 2 or 3. */
export function fetchSortedProducts(body: SortFilterRequest, options?: ApiPostOptions) {
  return apiPost('sort_filter', body, options);
}

export function sortFilterProductsQuery(body: SortFilterRequest) {
  return queryOptions({
    queryKey: ['catalogue', 'sort-filter', body],
    queryFn: (context) => fetchSortedProducts(body, context),
  });
}

export function useSortFilterProducts(body: SortFilterRequest) {
  return useQuery(sortFilterProductsQuery(body));
}
