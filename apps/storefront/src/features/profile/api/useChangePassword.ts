import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { useIdentity } from '#storefront/lib/session.ts';

export interface PasswordChange {
  old_password: string;
  password: string;
  password_confirmation: string;
}

/** change_password: the server ends the user's other sessions. */
export function useChangePassword() {
  const identity = useIdentity();
  return useMutation({
    mutationFn: (change: PasswordChange) =>
      apiPost('change_password', {
        ...(identity.kind === 'user' ? { user_id: identity.userId } : {}),
        ...change,
      }),
  });
}
