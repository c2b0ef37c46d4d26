import type { AdminLoginAnswer } from '@kapaas/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';
import { startSession } from '#admin/lib/session.ts';

/** POST /login: on success the token and the account are kept for this tab. */
export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (credentials: { email: string; password: string }) =>
      adminRequest<AdminLoginAnswer>('POST', 'login', { body: credentials }),
    onSuccess: (answer) => {
      // Nothing read under an earlier account may show for this one.
      client.clear();
      startSession({ token: answer.token, admin: answer.admin });
    },
  });
}
