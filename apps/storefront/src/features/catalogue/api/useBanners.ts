import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** The home page's banner slides. */
export const bannersQuery = queryOptions({
  queryKey: ['catalogue', 'banners'],
  queryFn: (context) => apiPost('banner_list', {}, context),
  select: (answer) => answer.banner,
});

export function useBanners() {
  return useQuery(bannersQuery);
}
