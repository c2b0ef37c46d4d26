import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Every size the shop sells, for the listing's Size filter. */
export const sizesQuery = queryOptions({
  queryKey: ['catalogue', 'sizes'],
  queryFn: (context) => apiPost('size', {}, context),
  select: (answer) => answer.sizes,
});

export function useSizes() {
  return useQuery(sizesQuery);
}
