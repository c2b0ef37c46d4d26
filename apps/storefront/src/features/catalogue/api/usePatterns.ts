import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Every print pattern, for the listing's Print filter (sent to `filter` as print_id). */
export const patternsQuery = queryOptions({
  queryKey: ['catalogue', 'patterns'],
  queryFn: (context) => apiPost('pattern', {}, context),
  select: (answer) => answer.patterns,
});

export function usePatterns() {
  return useQuery(patternsQuery);
}
