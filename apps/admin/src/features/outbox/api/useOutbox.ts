import type { AdminOutboxListAnswer, AdminOutboxMessage, AdminOutboxResendAnswer } from '@kapaas/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest, type QueryParams } from '#admin/lib/api.ts';
import { itemQuery } from '#admin/lib/resource.ts';

/** While a message shown is being written or sent, the page asks again every few seconds: it changes on its own. */
const REFRESH_MS = 3_000;
const changing = (message: { subject: string | null; status: string }) =>
  (message.subject === null && message.status === 'queued') || message.status === 'sending';

/** GET /outbox: a page of messages, newest first, with every kind (for the filter) and whether a mail server is set. */
export function useOutboxList(params: QueryParams) {
  return useQuery({
    queryKey: ['outbox', 'list', params],
    queryFn: ({ signal }) => adminRequest<AdminOutboxListAnswer>('GET', 'outbox', { query: params, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(changing) ? REFRESH_MS : false),
  });
}

/** GET /outbox/:id: one message as it goes out, with its attempts. */
export function useOutboxMessage(id: number) {
  return useQuery({
    ...itemQuery<AdminOutboxMessage>('outbox', id),
    refetchInterval: (query) => (query.state.data && changing(query.state.data.data) ? REFRESH_MS : false),
  });
}

/** POST /outbox/:id/resend: a copy queued as a new message; the list and the message (its copies) refresh. */
export function useResend(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<AdminOutboxResendAnswer>('POST', `outbox/${id}/resend`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['outbox'] }),
  });
}
