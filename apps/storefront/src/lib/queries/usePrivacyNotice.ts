import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';

/** The privacy notice in force (issue 35), read ahead by /privacy's loader and read by the forms that link to it. */
export const privacyNoticeQuery = queryOptions({
  queryKey: ['privacy', 'notice'],
  queryFn: (context) => apiPost('privacy_notice', {}, context),
  select: (answer) => answer.notice,
  staleTime: 10 * 60_000,
});

export function usePrivacyNotice() {
  return useQuery(privacyNoticeQuery);
}

/**
 * For a form that links to /privacy (sign-up, checkout, the newsletter): the version of the notice that link shows,
 * to send with the form so that the server records it. Undefined when the notice cannot be read: the server then
 * records the version in force.
 */
export function useNoticeVersion(): () => Promise<number | undefined> {
  const client = useQueryClient();
  return async () => {
    try {
      return (await client.fetchQuery(privacyNoticeQuery)).notice.version;
    } catch {
      return undefined;
    }
  };
}

/** The version of the notice in force, asked for once, outside React Query (the checkout asks as it places). */
export async function noticeVersionNow(): Promise<number | undefined> {
  try {
    return (await apiPost('privacy_notice', {})).notice.version;
  } catch {
    return undefined;
  }
}
