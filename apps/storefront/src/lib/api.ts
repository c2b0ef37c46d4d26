import type { CustomerEndpoint, EndpointAnswer, EndpointRequest } from '@kapaas/contract';
import { ApiError, apiFailure, errorMessageOr, isRecord, readJson } from '@kapaas/web-kit';
import type { QueryClient } from '@tanstack/react-query';

/** The text shown when the API cannot be reached or answers something unreadable (product.md §8). */
export const NETWORK_ERROR_MESSAGE = 'An error occurred. Please try again.';

export { ApiError };

export interface ApiPostOptions {
  signal?: AbortSignal;
  /**
   * The query cache asking, when a query asks (a query function's context carries it). A cache made for a
   * server-side render answers through its own transport (see `answerThrough`) instead of the network.
   */
  client?: QueryClient;
}

/**
 * How a server-side render reads the shop's public calls: in the same process, from the catalogue held in memory.
 * It resolves with the answer `apiPost` would have, and rejects with an ApiError carrying the status the HTTP call
 * would have had (404 for an unknown product).
 */
export type ApiTransport = (endpoint: string, body: unknown) => Promise<unknown>;

const transports = new WeakMap<QueryClient, ApiTransport>();

/** Makes every query of `client` read through `transport` rather than fetch: for a query cache of one server render. */
export function answerThrough(client: QueryClient, transport: ApiTransport): QueryClient {
  transports.set(client, transport);
  return client;
}

/** The body and options of a call to `E`; the body may be left out where the call takes an empty one. */
type ApiPostArguments<E extends CustomerEndpoint> =
  Record<string, never> extends EndpointRequest<E>
    ? [body?: EndpointRequest<E>, options?: ApiPostOptions]
    : [body: EndpointRequest<E>, options?: ApiPostOptions];

/**
 * POSTs `body`, typed by the endpoint map of @kapaas/contract, as JSON to `/api/{endpoint}` with the session cookie and resolves with the answer when it says
 * `success: true`. Everything else (an HTTP error, `success: false`, a network failure, a body that is not
 * JSON) rejects with an ApiError; only a cancellation by `signal` rejects with the browser's AbortError.
 */
export async function apiPost<E extends CustomerEndpoint>(
  endpoint: E,
  ...[body, options]: ApiPostArguments<E>
): Promise<EndpointAnswer<E>> {
  const transport = options?.client ? transports.get(options.client) : undefined;
  if (transport) return (await transport(endpoint, body ?? {})) as EndpointAnswer<E>;
  let response: Response;
  try {
    response = await fetch(`/api/${endpoint}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      credentials: 'same-origin',
      body: JSON.stringify(body ?? {}),
      signal: options?.signal,
    });
  } catch (error) {
    if (options?.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const answer = await readJson(response);
  if (response.ok && isRecord(answer) && answer.success === true) return answer as EndpointAnswer<E>;

  throw apiFailure(response.status, answer, NETWORK_ERROR_MESSAGE);
}

/** The message to show for any error a query or mutation rejected with. */
export function errorMessage(error: unknown): string {
  return errorMessageOr(error, NETWORK_ERROR_MESSAGE);
}
