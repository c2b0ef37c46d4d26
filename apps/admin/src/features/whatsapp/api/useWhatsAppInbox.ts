import type { AdminWhatsAppInboxAnswer } from '@kapaas/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { adminRequest, type QueryParams } from '#admin/lib/api.ts';

/** Where the console shows the WhatsApp replies nobody was waiting for (under /admin). */
export const whatsAppInboxPath = '/whatsapp-inbox';

/** GET /whatsapp-inbox: a page of the replies no handler took, newest first (the owner's only). */
export function useWhatsAppInbox(params: QueryParams) {
  return useQuery({
    queryKey: ['whatsapp-inbox', 'list', params],
    queryFn: ({ signal }) => adminRequest<AdminWhatsAppInboxAnswer>('GET', 'whatsapp-inbox', { query: params, signal }),
    placeholderData: keepPreviousData,
  });
}
