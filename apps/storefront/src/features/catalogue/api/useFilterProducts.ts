import type { FilterRequest } from '@kapaas/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { type ApiPostOptions, apiPost } from '#storefront/lib/api.ts';

/** POSTs `filter`: the products having every chosen category, size, print and gender, optionally sorted. */
export function fetchFilteredProducts(body: FilterRequest, options?: ApiPostOptions) {
  return apiPost('filter', body, options);
}

export function filterProductsQuery(body: FilterRequest) {
  return queryOptions({
    queryKey: ['catalogue', 'filter', body],
    queryFn: (context) => fetchFilteredProducts(body, context),
  });
}

export function useFilterProducts(body: FilterRequest) {
  return useQuery(filterProductsQuery(body));
}
