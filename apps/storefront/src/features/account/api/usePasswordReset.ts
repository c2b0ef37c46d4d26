import type { ForgotPasswordRequest, ResetPasswordRequest } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** forgot_password: asks for a reset link by e-mail; the answer is the same whether or not the address has an account. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (request: ForgotPasswordRequest) => apiPost('forgot_password', { ...request }),
  });
}

/** reset_password: the new password through the e-mail's link; the server ends every session of the account. */
export function useResetPassword() {
  return useMutation({
    mutationFn: (request: ResetPasswordRequest) => apiPost('reset_password', { ...request }),
  });
}
