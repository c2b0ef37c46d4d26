import type { ProductCard } from '@kapaas/contract';
import { keepPreviousData, type QueryClient, useQuery, useQueryClient } from '@tanstack/react-query';
import { categoryProductsQuery } from '../../api/useCategoryProducts';
import { fetchFilteredProducts } from '../../api/useFilterProducts';
import { fetchSortedProducts } from '../../api/useSortFilterProducts';
import type { ListingRequest } from './listingRequest';

export interface ListingAnswer {
  products: ProductCard[];
  /** The listing's name, when the answer carries one (category_product_list does). */
  name?: string;
}

async function fetchListing(
  request: ListingRequest,
  signal: AbortSignal,
  queryClient: QueryClient,
): Promise<ListingAnswer> {
  switch (request.endpoint) {
    case 'filter':
      return { products: (await fetchFilteredProducts(request.body, signal)).product };
    case 'sort_filter':
      return { products: (await fetchSortedProducts(request.body, signal)).product };
    case 'category_product_list': {
      // Through the cache, so the plain listing is shared with anything else that shows it.
      const answer = await queryClient.fetchQuery(categoryProductsQuery(request.body));
      return { products: answer.product, name: answer.category_name };
    }
  }
}

/**
 * The products for the listing's current choices. While a new choice loads, the previous cards stay (marked as
 * updating) instead of flashing a spinner; `enabled` waits until the request can be chosen.
 */
export function useListingProducts(request: ListingRequest, enabled: boolean) {
  const queryClient = useQueryClient();
  return useQuery({
    queryKey: ['catalogue', 'listing', request],
    queryFn: ({ signal }) => fetchListing(request, signal, queryClient),
    placeholderData: keepPreviousData,
    enabled,
  });
}
