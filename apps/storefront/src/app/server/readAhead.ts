import { ApiError } from '@kapaas/web-kit';
import { type DehydratedState, dehydrate, QueryClient } from '@tanstack/react-query';
import { data, type RouterContextProvider } from 'react-router';
import { type ApiTransport, answerThrough } from '../../lib/api';
import { type ShopServer, shopContext } from './shopContext';

/**
 * The API over HTTP, for the Vite dev server only (it renders without the API's load context): the address of the
 * API that `npm run dev` starts beside it.
 */
function httpTransport(): ApiTransport {
  const origin = process.env.KAPAAS_API_ORIGIN ?? `http://127.0.0.1:${process.env.KAPAAS_API_PORT ?? '3000'}`;
  return async (endpoint, body) => {
    const response = await fetch(`${origin}/api/${endpoint}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json().catch(() => null)) as { success?: boolean; message?: string } | null;
    if (response.ok && answer?.success === true) return answer;
    throw new ApiError(response.status, answer?.message ?? `The API answered ${response.status}`);
  };
}

/** The shop as this render sees it: the API's own context, or (under the dev server) the API over HTTP. */
export function shopServer(context: Readonly<RouterContextProvider>, request: Request): ShopServer {
  return context.get(shopContext) ?? { call: httpTransport(), publicUrl: new URL(request.url).origin };
}

/** What a page's loader hands its render: the queries it read ahead, to be put in the browser's cache as they are. */
export interface ReadAhead {
  dehydrated: DehydratedState;
}

/**
 * Runs `read` against a query cache of its own that answers through the shop's in-process calls, and returns the
 * answers dehydrated (the page's components then find them in their cache, on the server and after hydration).
 * A 404 from a call (an unknown or hidden product or category) becomes the page's 404.
 */
export async function readAhead<T>(
  shop: ShopServer,
  read: (client: QueryClient) => Promise<T>,
): Promise<ReadAhead & { value: T }> {
  const client = answerThrough(
    new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } } }),
    shop.call,
  );
  try {
    const value = await read(client);
    return { dehydrated: dehydrate(client), value };
  } catch (error) {
    if (statusOf(error) === 404) throw notFound();
    throw error;
  } finally {
    client.clear();
  }
}

/** The HTTP status a failed call stands for: an ApiError's (over HTTP), or the API's own error's (in process). */
function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  const status = (error as { statusCode?: unknown } | null)?.statusCode;
  return typeof status === 'number' ? status : undefined;
}

/** The response a loader throws for an address the shop does not have: the not-found page, with status 404. */
export function notFound() {
  return data('Not found', { status: 404 });
}
