import type { ConsentPurpose } from '@kapaas/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { identityKey, useIdentity } from '#storefront/lib/session.ts';

const CONSENTS_KEY = ['privacy', 'consents'] as const;

/** my_consents: every purpose with the shopper's latest word on it; users only. */
export function useMyConsents() {
  const identity = useIdentity();
  return useQuery({
    queryKey: [...CONSENTS_KEY, identityKey(identity)],
    queryFn: ({ signal }) => apiPost('my_consents', {}, { signal }),
    select: (answer) => answer.consents,
    enabled: identity.kind === 'user',
    staleTime: 0,
  });
}

/** consent_update: one switch, with the notice version the page showed. */
export function useUpdateConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { purpose: ConsentPurpose; given: boolean; notice_version?: number }) =>
      apiPost('consent_update', change),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CONSENTS_KEY }),
  });
}

export { privacyNoticeQuery, usePrivacyNotice } from '#storefront/lib/queries/usePrivacyNotice.ts';
