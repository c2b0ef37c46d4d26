import type { ContactRequest } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Stores a contact-form message for the shop (the `contact` call, product.md §10). */
export function useSendContactMessage() {
  return useMutation({
    mutationFn: (message: ContactRequest) => apiPost('contact', message),
  });
}
