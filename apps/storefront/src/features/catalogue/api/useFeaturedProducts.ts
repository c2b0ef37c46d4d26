import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** The home page's product rows, such as "Best Selling" and "New Arrivals", in the order the shop set. */
export const featuredProductsQuery = queryOptions({
  queryKey: ['catalogue', 'featured-products'],
  queryFn: (context) => apiPost('featured_product_list', {}, context),
  select: (answer) => answer.featured_products,
});

export function useFeaturedProducts() {
  return useQuery(featuredProductsQuery);
}
