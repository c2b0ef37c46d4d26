import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { useIdentity } from '#storefront/lib/session.ts';
import { PROFILE_QUERY_KEY } from './useProfile';

export interface ProfileChanges {
  name: string;
  phone: string;
}

/** update_profile: a new name and phone (the e-mail is read-only, product.md §5). */
export function useUpdateProfile() {
  const identity = useIdentity();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (changes: ProfileChanges) =>
      apiPost('update_profile', {
        ...(identity.kind === 'user' ? { user_id: identity.userId } : {}),
        ...changes,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PROFILE_QUERY_KEY }),
  });
}
