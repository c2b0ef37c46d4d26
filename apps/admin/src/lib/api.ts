import { ApiError, apiFailure, errorMessageOr, isRecord, readJson } from '@kapaas/web-kit';
import { currentToken, endSession } from './session';

/** The text shown when the API cannot be reached or answers something unreadable. */
export const NETWORK_ERROR_MESSAGE = 'The shop could not be reached. Check the connection and try again.';

export { ApiError };

/** A query string's values; undefined and '' are left out. */
export type QueryParams = Record<string, string | number | boolean | undefined>;

interface RequestOptions {
  query?: QueryParams | undefined;
  /** A JSON body, or FormData for an upload; a POST without one sends `{}`. */
  body?: unknown;
  signal?: AbortSignal | undefined;
}

/** The admin API's URL for `path` ("products/3") with a query string. */
export function adminUrl(path: string, query: QueryParams = {}): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && value !== '') params.set(name, String(value));
  }
  const search = params.toString();
  return `/admin/api/${path}${search ? `?${search}` : ''}`;
}

/**
 * Calls /admin/api/{path} with the session's Bearer token and resolves with the answer when it says
 * `success: true`. Everything else rejects with an ApiError (a cancellation by `signal` rejects with
 * the browser's AbortError). A 401 ends the session, which sends the console back to the login screen.
 */
export async function adminRequest<T>(method: string, path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  const token = currentToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  // The API refuses a POST without a JSON body, so that a bodiless beacon cannot act for anyone.
  const payload = options.body ?? (method === 'POST' ? {} : undefined);
  if (payload instanceof FormData) body = payload;
  else if (payload !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(payload);
  }

  let response: Response;
  try {
    response = await fetch(adminUrl(path, options.query), { method, headers, body, signal: options.signal });
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }

  const answer = await readJson(response);
  if (response.ok && isRecord(answer) && answer.success === true) return answer as T;

  if (response.status === 401 && token) endSession('expired');
  throw apiFailure(response.status, answer, NETWORK_ERROR_MESSAGE);
}

/**
 * A file from the admin API (`url`, under /admin/api/) fetched with the session's token: a plain link or
 * <img> cannot carry the Bearer token. A refusal rejects with its ApiError; a 401 ends the session.
 */
export async function adminFile(url: string, signal?: AbortSignal, body?: unknown): Promise<Blob> {
  const token = currentToken();
  let response: Response;
  try {
    const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};
    // A file made of what the owner chose (the batch print) is asked for with a JSON body.
    const post = body === undefined ? {} : { method: 'POST', body: JSON.stringify(body) };
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    response = await fetch(url, signal ? { ...post, headers, signal } : { ...post, headers });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, NETWORK_ERROR_MESSAGE);
  }
  if (!response.ok) {
    const failure = await readJson(response);
    if (response.status === 401 && token) endSession('expired');
    const message = isRecord(failure) && typeof failure.message === 'string' ? failure.message : NETWORK_ERROR_MESSAGE;
    throw new ApiError(response.status, message);
  }
  return response.blob();
}

/**
 * Fetches a file from /admin/api/{path} with the session's token (POSTing `body` when given) and hands it to the
 * browser as a download named `filename`.
 */
export async function adminDownload(
  path: string,
  filename: string,
  query: QueryParams = {},
  body?: unknown,
): Promise<void> {
  const url = URL.createObjectURL(await adminFile(adminUrl(path, query), undefined, body));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

/** The message to show for any error a query or mutation rejected with. */
export function errorMessage(error: unknown): string {
  return errorMessageOr(error, NETWORK_ERROR_MESSAGE);
}
