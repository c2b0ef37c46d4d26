import type { AdminSettings, AdminUpdateSettings } from '@kapaas/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';
import type { ItemAnswer } from '#admin/lib/resource.ts';

const SETTINGS_KEY = ['settings'] as const;

/** GET /settings (owners only; staff get 403). */
export function useSettings() {
  return useQuery({
    queryKey: SETTINGS_KEY,
    queryFn: ({ signal }) => adminRequest<ItemAnswer<AdminSettings>>('GET', 'settings', { signal }),
    select: (answer) => answer.data,
  });
}

/** PATCH /settings. */
export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AdminUpdateSettings) => adminRequest<ItemAnswer<AdminSettings>>('PATCH', 'settings', { body }),
    onSuccess: (answer) => client.setQueryData(SETTINGS_KEY, answer),
  });
}
