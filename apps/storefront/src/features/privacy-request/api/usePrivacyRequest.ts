import type { PrivacyRequestRequest } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** Files a rights request (the `privacy_request` call): the session's account, or a guest's address to confirm. */
export function useSendPrivacyRequest() {
  return useMutation({ mutationFn: (request: PrivacyRequestRequest) => apiPost('privacy_request', request) });
}

/** Confirms a guest's request with its link's token (the `privacy_request_confirm` call). */
export function useConfirmPrivacyRequest() {
  return useMutation({ mutationFn: (token: string) => apiPost('privacy_request_confirm', { token }) });
}
