import type { AdminPrivacyNoticeAnswer } from '@kapaas/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';

/** Where the console edits the privacy notice (under /admin). */
export const noticePath = '/privacy/notice';

const KEY = ['privacy-notice'] as const;

/** GET /privacy-notice: every version, the one in force first. */
export function useNoticeVersions() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest<AdminPrivacyNoticeAnswer>('GET', 'privacy-notice', { signal }),
    select: (answer) => answer.data.versions,
  });
}

/** POST /privacy-notice: the text saved as the next version; the list is what the server answers. */
export function usePublishNotice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: string) => adminRequest<AdminPrivacyNoticeAnswer>('POST', 'privacy-notice', { body: { body } }),
    onSuccess: (answer) => client.setQueryData(KEY, answer),
  });
}
