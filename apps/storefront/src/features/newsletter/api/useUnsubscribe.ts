import { useMutation } from '@tanstack/react-query';
import { ApiError, NETWORK_ERROR_MESSAGE } from '#storefront/lib/api.ts';

/**
 * The one-click withdrawal, from the page a message's footer link opens: `POST /api/unsubscribe?e=&p=&s=` with `{}`,
 * the same call a mail client makes with a form body. It takes the signed link's query, not a JSON body, so it is
 * not one of the contract's JSON endpoints.
 */
async function unsubscribe(link: { email: string; purpose: string | null; signature: string }): Promise<string> {
  // The signature covers the address and the purpose: both go back exactly as the link had them.
  const query = new URLSearchParams({ e: link.email });
  if (link.purpose) query.set('p', link.purpose);
  query.set('s', link.signature);
  let response: Response;
  try {
    response = await fetch(`/api/unsubscribe?${query}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'omit',
      body: '{}',
    });
  } catch {
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  const answer: unknown = await response.json().catch(() => null);
  const message =
    typeof answer === 'object' && answer !== null && 'message' in answer && typeof answer.message === 'string'
      ? answer.message
      : NETWORK_ERROR_MESSAGE;
  if (!response.ok) throw new ApiError(response.status, message);
  return message;
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
