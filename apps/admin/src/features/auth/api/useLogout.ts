import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminRequest } from '../../../lib/api';
import { endSession } from '../../../lib/session';

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
