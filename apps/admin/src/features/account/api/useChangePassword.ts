import type { AdminChangePasswordRequest } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';

/** POST /me/password: the admin's own password; their other sessions end, this one goes on. */
export function useChangePassword() {
  return useMutation({
    mutationFn: (body: AdminChangePasswordRequest) =>
      adminRequest<{ success: true; message: string }>('POST', 'me/password', { body }),
  });
}
