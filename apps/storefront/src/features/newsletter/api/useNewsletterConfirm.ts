import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Confirms a newsletter subscription with its link's token (the `newsletter_confirm` call). */
export function useNewsletterConfirm() {
  return useMutation({ mutationFn: (token: string) => apiPost('newsletter_confirm', { token }) });
}
