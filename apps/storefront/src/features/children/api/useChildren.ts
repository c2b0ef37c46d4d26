import type { ChildProfileAddRequest } from '@kapaas/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { refreshQueries } from '#storefront/lib/queries/refresh.ts';
import { identityKey, useIdentity } from '#storefront/lib/session.ts';

const CHILDREN_KEY = ['children'] as const;
// Withdrawing the consent deletes the children, and the cart's warnings follow them: both are read again.
const CONSENTS_KEY = ['privacy', 'consents'] as const;
const CART_KEY = ['cart'] as const;

/** child_profiles: the signed-in shopper's children (ADR 059); users only. */
export function useChildren() {
  const identity = useIdentity();
  return useQuery({
    queryKey: [...CHILDREN_KEY, identityKey(identity)],
    queryFn: ({ signal }) => apiPost('child_profiles', {}, { signal }),
    select: (answer) => answer.children,
    enabled: identity.kind === 'user',
    staleTime: 0,
  });
}

/**
 * Whether the child_profile consent stands: my_consents, under the privacy feature's key, so that both read one answer
 * (features do not import one another).
 */
export function useChildConsent() {
  const identity = useIdentity();
  return useQuery({
    queryKey: [...CONSENTS_KEY, identityKey(identity)],
    queryFn: ({ signal }) => apiPost('my_consents', {}, { signal }),
    select: (answer) => answer.consents.find((consent) => consent.purpose === 'child_profile')?.given ?? false,
    enabled: identity.kind === 'user',
    staleTime: 0,
  });
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([CHILDREN_KEY, CONSENTS_KEY, CART_KEY].map((queryKey) => refreshQueries(queryClient, queryKey)));
}

export function useAddChild() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (child: ChildProfileAddRequest) => apiPost('child_profile_add', child),
    onSuccess: refresh,
  });
}

export function useDeleteChild() {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (id: number) => apiPost('child_profile_delete', { id }), onSuccess: refresh });
}

/** The child_profile consent's switch, read and written as the profile's other consents are. */
export function useChildConsentChange() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: { given: boolean; notice_version?: number }) =>
      apiPost('consent_update', { purpose: 'child_profile', ...change }),
    onSuccess: refresh,
  });
}
