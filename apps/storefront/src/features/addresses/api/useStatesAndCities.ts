import { skipToken, useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** state_list: every state and union territory, by name; it hardly ever changes. */
export function useStates() {
  return useQuery({
    queryKey: ['addresses', 'states'],
    queryFn: (context) => apiPost('state_list', {}, context),
    select: (answer) => answer.product,
    staleTime: 60 * 60 * 1000,
  });
}

/** city_list for the chosen state; idle until a state is chosen (product.md §5), reloaded when it changes (product.md §4). */
export function useCities(stateId: number | null) {
  return useQuery({
    queryKey: ['addresses', 'cities', stateId],
    queryFn: stateId === null ? skipToken : ({ signal }) => apiPost('city_list', { state_id: stateId }, { signal }),
    select: (answer) => answer.product,
    enabled: stateId !== null,
    staleTime: 60 * 60 * 1000,
  });
}
