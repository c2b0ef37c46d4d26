import type { AdminForgotPasswordRequest, AdminResetPasswordRequest } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';

type Message = { success: true; message: string };

/** POST /forgot_password: a reset link by e-mail; the same answer whether or not the address is an admin's. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: AdminForgotPasswordRequest) => adminRequest<Message>('POST', 'forgot_password', { body }),
  });
}

/** POST /reset_password: the new password through the e-mail's link; every session of that admin ends. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (body: AdminResetPasswordRequest) => adminRequest<Message>('POST', 'reset_password', { body }),
  });
}
