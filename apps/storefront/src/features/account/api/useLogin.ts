import type { LoginAnswer, LoginRequest } from '@kapaas/contract';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '#storefront/lib/api.ts';
import { rememberUser } from '#storefront/lib/session.ts';

/** The login answer; its `cart_message` says why the item brought along could not go into the cart. */
export type LoginResult = LoginAnswer;

/** login: starts the session cookie (the server merges a guest cart into the user's) and remembers the name. */
export function useLogin() {
  return useMutation({
    mutationFn: (request: LoginRequest): Promise<LoginResult> => apiPost('login', { ...request }),
    onSuccess: (answer) =>
      // E-mail and phone of an earlier shopper must not linger: the profile reads this user's own.
      rememberUser({ id: answer.user.id, name: answer.user.user_name, email: null, phone: null }),
  });
}
