import type { RegisterRequest } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** register: creates the account; the shopper then logs in (product.md §4). */
export function useRegister() {
  return useMutation({
    mutationFn: (request: RegisterRequest) => apiPost('register', { ...request }),
  });
}
