import type { AdminImportProgress, AdminImportProgressAnswer } from '@kapaas/contract';
import { useQuery } from '@tanstack/react-query';
import { ApiError, adminRequest } from '#admin/lib/api.ts';

/** Which import to follow: the file's SHA-256 (as the server hashes its bytes) and whether it is the dry run. */
export interface ImportProgressKey {
  sha256: string;
  dryRun: boolean;
}

/** How often the console asks while a file is checked or imported. */
const POLL_MS = 1000;

/**
 * The file's SHA-256 in hexadecimal, or null where the browser keeps `crypto.subtle` from the page (a shop served over
 * plain http to another machine than localhost): the import then runs without a progress display.
 */
export async function sha256Of(file: Blob): Promise<string | null> {
  const subtle = globalThis.crypto?.subtle;
  if (!subtle) return null;
  const digest = new Uint8Array(await subtle.digest('SHA-256', await file.arrayBuffer()));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/**
 * GET /imports/progress about once a second while `key` is given (the POST in flight): where the server's latest
 * import of this file stands, or null when none has started yet (404). Any process of the shop answers it (ADR 064).
 */
export function useImportProgress(key: ImportProgressKey | null) {
  return useQuery({
    queryKey: ['import-progress', key?.sha256, key?.dryRun],
    enabled: key !== null,
    refetchInterval: POLL_MS,
    retry: false,
    gcTime: 0,
    queryFn: async ({ signal }): Promise<AdminImportProgress | null> => {
      if (!key) return null;
      try {
        const query = { sha256: key.sha256, dry_run: String(key.dryRun) };
        return (await adminRequest<AdminImportProgressAnswer>('GET', 'imports/progress', { query, signal })).data;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}
