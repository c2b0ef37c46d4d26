import type { AdminImportAnswer } from '@kapaas/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';
import { type ImportProgressKey, sha256Of } from './useImportProgress';

/** What the owner chose on the import page: the files and the options the dry run and its commit share. */
export interface ImportChoice {
  file: File;
  images: File | null;
  createMissingCategories: boolean;
  allOrNothing: boolean;
  fetchImageUrls: boolean;
  /** JSON as typed: {"0-3 Months": "0-3M"}; the server refuses it beside `size_map` when it is not. */
  sizeMap: string;
}

function formOf(choice: ImportChoice, dryRun: boolean): FormData {
  const form = new FormData();
  form.append('dry_run', String(dryRun));
  form.append('create_missing_categories', String(choice.createMissingCategories));
  form.append('all_or_nothing', String(choice.allOrNothing));
  form.append('fetch_image_urls', String(choice.fetchImageUrls));
  if (choice.sizeMap.trim() !== '') form.append('size_map', choice.sizeMap);
  // The files last: the server reads the fields as they come.
  form.append('file', choice.file);
  if (choice.images) form.append('images', choice.images);
  return form;
}

/**
 * POST /imports: the dry run (`dryRun` true) answers the report and writes nothing; the commit sends the same file
 * and options, which the server accepts only after their dry run (ADR 064). A commit makes every product list stale.
 * `onSending` hears the file's hash just before the file is sent, so that the page can follow the import's progress.
 */
export function useImport(onSending?: (key: ImportProgressKey | null) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ choice, dryRun }: { choice: ImportChoice; dryRun: boolean }) => {
      const sha256 = await sha256Of(choice.file);
      onSending?.(sha256 === null ? null : { sha256, dryRun });
      const answer = await adminRequest<AdminImportAnswer>('POST', 'imports', { body: formOf(choice, dryRun) });
      return answer.data;
    },
    onSettled: () => onSending?.(null),
    onSuccess: (report) => {
      if (report.committed) return client.invalidateQueries({ queryKey: ['products'] });
      return undefined;
    },
  });
}
