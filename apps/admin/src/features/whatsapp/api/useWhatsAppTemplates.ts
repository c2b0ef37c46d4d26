import type {
  AdminWhatsAppSyncAnswer,
  AdminWhatsAppTemplateInput,
  AdminWhatsAppTemplatesAnswer,
} from '@kapaas/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';
import { paths } from '#admin/lib/paths.ts';

/** Where the console keeps the shop's WhatsApp templates (under /admin). */
export const whatsAppTemplatesPath = paths.whatsAppTemplates;

const KEY = ['whatsapp-templates'] as const;
type ListAnswer = AdminWhatsAppTemplatesAnswer;

/** GET /whatsapp-templates: every template with its state, and whether Meta or the sandbox reviews them. */
export function useWhatsAppTemplates() {
  return useQuery({
    queryKey: KEY,
    queryFn: ({ signal }) => adminRequest<ListAnswer>('GET', 'whatsapp-templates', { signal }),
    select: (answer) => answer.data,
  });
}

/** POST (new) or PATCH (a draft or rejected one): the list is read again after. */
export function useSaveTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: AdminWhatsAppTemplateInput }) =>
      id === null
        ? adminRequest('POST', 'whatsapp-templates', { body })
        : adminRequest('PATCH', `whatsapp-templates/${id}`, { body }),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /whatsapp-templates/:id/submit: the draft goes to Meta's review. */
export function useSubmitTemplate() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => adminRequest('POST', `whatsapp-templates/${id}/submit`),
    onSuccess: () => client.invalidateQueries({ queryKey: KEY }),
  });
}

/** POST /whatsapp-templates/sync: every state copied from Meta; the answer is the new list. */
export function useSyncTemplates() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest<AdminWhatsAppSyncAnswer>('POST', 'whatsapp-templates/sync'),
    onSuccess: (answer) =>
      client.setQueryData<ListAnswer>(KEY, {
        success: true,
        data: { templates: answer.data.templates, mode: answer.data.mode },
      }),
  });
}
