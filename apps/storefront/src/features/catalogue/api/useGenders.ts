import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Every gender, for the listing's Gender filter. The frozen customer API answers the list under the key `state` (docs/customer-api.md). */
export const gendersQuery = queryOptions({
  queryKey: ['catalogue', 'genders'],
  queryFn: (context) => apiPost('gender_list', {}, context),
  select: (answer) => answer.state,
});

export function useGenders() {
  return useQuery(gendersQuery);
}
