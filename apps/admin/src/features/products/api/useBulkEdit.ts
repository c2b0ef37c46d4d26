import type { AdminBulkApplyAnswer, AdminBulkPreviewAnswer, AdminBulkRequest } from '@kapaas/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';

/** A bulk edit's body as the console sends it: the list's filters as the URL holds them (strings), or ticked ids. */
export type BulkBody = Omit<AdminBulkRequest, 'filter'> & { filter?: Record<string, string> };

/** POST /products/bulk/preview: each product's before and after, and what would be refused; nothing is written. */
export function useBulkPreview() {
  return useMutation({
    mutationFn: (body: BulkBody) =>
      adminRequest<AdminBulkPreviewAnswer>('POST', 'products/bulk/preview', { body }).then((answer) => answer.data),
  });
}

/** POST /products/bulk/apply: writes it and answers counts; every product list and page shown is read again. */
export function useBulkApply() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BulkBody) =>
      adminRequest<AdminBulkApplyAnswer>('POST', 'products/bulk/apply', { body }).then((answer) => answer.data),
    onSuccess: () => client.invalidateQueries({ queryKey: ['products'] }),
  });
}
