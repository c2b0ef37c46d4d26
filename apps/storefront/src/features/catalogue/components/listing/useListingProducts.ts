import type { ProductCard } from '@kapaas/contract';
import { keepPreviousData, type QueryClient, queryOptions, useQuery } from '@tanstack/react-query';
import { categoryProductsQuery } from '../../api/useCategoryProducts';
import { fetchFilteredProducts } from '../../api/useFilterProducts';
import { fetchSortedProducts } from '../../api/useSortFilterProducts';
import type { ListingRequest } from './listingRequest';

/** One page of a listing, with the totals over every page. */
export interface ListingAnswer {
  /** This page's products; none past the last page. */
  products: ProductCard[];
  /** The listing's name, when the answer carries one (category_product_list does). */
  name?: string;
  /** How many products match, over every page. */
  total: number;
  /** How many pages they fill: 0 when nothing matches. */
  pages: number;
  /** The page answered, as asked for (it may be past the last). */
  page: number;
  perPage: number;
  /** Which listing this is a page of (the request without its page), to tell its totals from another listing's. */
  listing: string;
}

/** Names a listing whatever its page: two requests for pages of the same listing give the same key. */
export function listingKeyOf(request: ListingRequest): string {
  const { page: _page, ...body } = request.body;
  return JSON.stringify([request.endpoint, body]);
}

async function fetchListing(request: ListingRequest, signal: AbortSignal, client: QueryClient): Promise<ListingAnswer> {
  const listing = listingKeyOf(request);
  switch (request.endpoint) {
    case 'filter':
    case 'sort_filter': {
      const answer =
        request.endpoint === 'filter'
          ? await fetchFilteredProducts(request.body, { signal, client })
          : await fetchSortedProducts(request.body, { signal, client });
      const { product, total, pages, page, per_page } = answer;
      return { products: product, total, pages, page, perPage: per_page, listing };
    }
    case 'category_product_list': {
      // Through the cache, so the plain listing is shared with anything else that shows it.
      const answer = await client.fetchQuery(categoryProductsQuery(request.body));
      const { product, total, pages, page, per_page, category_name } = answer;
      return { products: product, name: category_name, total, pages, page, perPage: per_page, listing };
    }
  }
}

/**
 * One page of the products for the listing's current choices; the request (and so the query key) holds the page.
 * While another page or choice loads, the previous cards stay (marked as updating) instead of flashing a spinner;
 * `enabled` waits until the request can be chosen.
 */
export function useListingProducts(request: ListingRequest, enabled: boolean) {
  return useQuery({ ...listingQuery(request), placeholderData: keepPreviousData, enabled });
}

/** The query of one listing page: the hook's, and what a server render reads ahead for the page's address. */
export function listingQuery(request: ListingRequest) {
  return queryOptions({
    queryKey: ['catalogue', 'listing', request],
    queryFn: ({ signal, client }) => fetchListing(request, signal, client),
  });
}
