import { useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { identityKey, useIdentity } from '#storefront/lib/session.ts';

/** Every profile query starts with this key. */
export const PROFILE_QUERY_KEY = ['profile'] as const;

/** edit_profile: the user's name, e-mail and phone; guests have no profile (product.md §6), so it stays idle for them. */
export function useProfile() {
  const identity = useIdentity();
  return useQuery({
    queryKey: [...PROFILE_QUERY_KEY, identityKey(identity)],
    queryFn: ({ signal }) =>
      apiPost('edit_profile', identity.kind === 'user' ? { user_id: identity.userId } : {}, {
        signal,
      }),
    select: (answer) => answer.user,
    enabled: identity.kind === 'user',
    staleTime: 0,
  });
}
