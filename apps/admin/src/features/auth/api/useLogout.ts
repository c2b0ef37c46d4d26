import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '#admin/lib/api.ts';
import { endSession } from '#admin/lib/session.ts';

/** POST /logout revokes the token; the console forgets it whatever the server answers. */
export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminRequest('POST', 'logout', { body: {} }),
    onSettled: () => {
      endSession('logout');
      client.clear();
    },
  });
}
