import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** The promotional tiles between the home page's product rows. */
export const adsQuery = queryOptions({
  queryKey: ['catalogue', 'ads'],
  queryFn: (context) => apiPost('ads_list', {}, context),
  select: (answer) => answer.ads,
});

export function useAds() {
  return useQuery(adsQuery);
}
