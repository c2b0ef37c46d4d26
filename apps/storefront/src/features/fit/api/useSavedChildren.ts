import type { ChildProfile } from '@kapaas/contract';
import { useQuery } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { useIdentity } from '#storefront/lib/session.ts';

/**
 * A signed-in parent's saved children (ADR 059), oldest saved first; none for anybody else, and none without the
 * child_profile consent (the server answers an empty list then).
 */
export function useSavedChildren(): ChildProfile[] {
  const identity = useIdentity();
  const userId = identity.kind === 'user' ? identity.userId : null;
  const children = useQuery({
    queryKey: ['child_profiles', userId],
    queryFn: ({ signal }) => apiPost('child_profiles', {}, { signal }),
    enabled: userId !== null,
  });
  return children.data?.children ?? [];
}

/** "Anu (14 months)", or the words given for a child saved without a name. */
export function childLabel(child: ChildProfile, unnamed: string): string {
  return `${child.first_name || unnamed} (${child.age_months} ${child.age_months === 1 ? 'month' : 'months'})`;
}
