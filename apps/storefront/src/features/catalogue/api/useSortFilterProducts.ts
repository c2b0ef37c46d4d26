import type { SortFilterRequest } from '@kapaas/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** POSTs `sort_filter`: one category's (or subcategory's) products in the order of a sort code 1, 2 or 3. */
export function fetchSortedProducts(body: SortFilterRequest, signal?: AbortSignal) {
  return apiPost('sort_filter', body, { signal });
}

export function sortFilterProductsQuery(body: SortFilterRequest) {
  return queryOptions({
    queryKey: ['catalogue', 'sort-filter', body],
    queryFn: ({ signal }) => fetchSortedProducts(body, signal),
  });
}

export function useSortFilterProducts(body: SortFilterRequest) {
  return useQuery(sortFilterProductsQuery(body));
}
