import type { NewsletterSubscribeRequest } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Adds an e-mail address to the newsletter list (the `newsletter_subscribe` call, product.md §10). */
export function useNewsletterSubscribe() {
  return useMutation({
    mutationFn: (request: NewsletterSubscribeRequest) => apiPost('newsletter_subscribe', request),
  });
}
