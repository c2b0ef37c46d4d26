import type { FilterRequest } from '@kapaas/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** POSTs `filter`: the products having every chosen category, size, print and gender, optionally sorted. */
export function fetchFilteredProducts(body: FilterRequest, signal?: AbortSignal) {
  return apiPost('filter', body, { signal });
}

export function filterProductsQuery(body: FilterRequest) {
  return queryOptions({
    queryKey: ['catalogue', 'filter', body],
    queryFn: ({ signal }) => fetchFilteredProducts(body, signal),
  });
}

export function useFilterProducts(body: FilterRequest) {
  return useQuery(filterProductsQuery(body));
}
