import type { AdminOutboxListAnswer, AdminOutboxMessage, AdminOutboxResendAnswer } from '@kapaas/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest, type QueryParams } from '#admin/lib/api.ts';
import { useResourceItem } from '#admin/lib/resource.ts';

/** GET /outbox: a page of messages, newest first, with every kind (for the filter) and whether a mail server is set. */
export function useOutboxList(params: QueryParams) {
  return useQuery({
    queryKey: ['outbox', 'list', params],
    queryFn: ({ signal }) => adminRequest<AdminOutboxListAnswer>('GET', 'outbox', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /outbox/:id: one message as it goes out, with its attempts. */
export function useOutboxMessage(id: number) {
  return useResourceItem<AdminOutboxMessage>('outbox', id);
}

/** POST /outbox/:id/resend: a copy queued as a new message; the list and the message (its copies) refresh. */
export function useResend(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<AdminOutboxResendAnswer>('POST', `outbox/${id}/resend`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['outbox'] }),
  });
}
