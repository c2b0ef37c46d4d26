import type {
  AdminBreach,
  AdminBreachAnswer,
  AdminBreachAudience,
  AdminBreachCreateRequest,
  AdminBreachListAnswer,
  AdminBreachPreviewAnswer,
  AdminBreachRecipientsAnswer,
  AdminBreachSendRequest,
  AdminPrivacyRequestAnswer,
  AdminPrivacyRequestDetail,
  AdminPrivacyRequestListAnswer,
  AdminPrivacyRequestReply,
} from '@kapaas/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest, type QueryParams } from '#admin/lib/api.ts';
import { itemQuery } from '#admin/lib/resource.ts';

/** The console's addresses (under /admin) of the privacy tools: rights requests and the breach drill. */
export const privacyPaths = {
  requests: '/privacy/requests',
  request: (id: number | string) => `/privacy/requests/${id}`,
  breaches: '/privacy/breaches',
  breach: (id: number | string) => `/privacy/breaches/${id}`,
} as const;

/** GET /privacy-requests: confirmed requests, soonest due first. */
export function usePrivacyRequestList(params: QueryParams) {
  return useQuery({
    queryKey: ['privacy-requests', 'list', params],
    queryFn: ({ signal }) =>
      adminRequest<AdminPrivacyRequestListAnswer>('GET', 'privacy-requests', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /privacy-requests/:id: one request with its answer and audit trail. */
export function usePrivacyRequest(id: number) {
  return useQuery(itemQuery<AdminPrivacyRequestDetail>('privacy-requests', id));
}

/** POST /privacy-requests/:id/start or /answer: the page and the list refresh from the answer. */
export function usePrivacyRequestChange(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { start: true } | { start: false; reply: AdminPrivacyRequestReply }) =>
      change.start
        ? adminRequest<AdminPrivacyRequestAnswer>('POST', `privacy-requests/${id}/start`, { body: {} })
        : adminRequest<AdminPrivacyRequestAnswer>('POST', `privacy-requests/${id}/answer`, { body: change.reply }),
    onSuccess: (answer) => {
      client.setQueryData(itemQuery<AdminPrivacyRequestDetail>('privacy-requests', id).queryKey, answer);
      return client.invalidateQueries({ queryKey: ['privacy-requests', 'list'] });
    },
  });
}

/** GET /breaches: the breaches recorded, newest first. */
export function useBreachList(params: QueryParams) {
  return useQuery({
    queryKey: ['breaches', 'list', params],
    queryFn: ({ signal }) => adminRequest<AdminBreachListAnswer>('GET', 'breaches', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useBreach(id: number) {
  return useQuery(itemQuery<AdminBreach>('breaches', id));
}

/** GET /breaches/:id/notices: whom the notice went to, for the report to the Board. */
export function useBreachNotices(id: number, enabled: boolean) {
  return useQuery({
    queryKey: ['breaches', 'notices', id],
    queryFn: ({ signal }) =>
      adminRequest<AdminBreachRecipientsAnswer>('GET', `breaches/${id}/notices`, { query: { per_page: 1000 }, signal }),
    enabled,
  });
}

/** POST /breaches: records a breach (its 72 hours start). */
export function useRecordBreach() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (breach: AdminBreachCreateRequest) =>
      adminRequest<AdminBreachAnswer>('POST', 'breaches', { body: breach }),
    onSuccess: () => client.invalidateQueries({ queryKey: ['breaches', 'list'] }),
  });
}

/** POST /breaches/:id/preview: how many people an audience holds; nothing is sent. */
export function useBreachPreview(id: number) {
  return useMutation({
    mutationFn: (audience: AdminBreachAudience) =>
      adminRequest<AdminBreachPreviewAnswer>('POST', `breaches/${id}/preview`, { body: { audience } }),
  });
}

/** POST /breaches/:id/send: the notice to every affected person, once. */
export function useSendBreachNotice(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (notice: AdminBreachSendRequest) =>
      adminRequest<AdminBreachAnswer>('POST', `breaches/${id}/send`, { body: notice }),
    onSuccess: (answer) => {
      client.setQueryData(itemQuery<AdminBreach>('breaches', id).queryKey, answer);
      return client.invalidateQueries({ queryKey: ['breaches'] });
    },
  });
}
