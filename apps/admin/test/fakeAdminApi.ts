import { vi } from 'vitest';

/** What one request sent: its method, path under /admin/api/, query, body and Authorization header. */
export interface SentRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  authorization: string | null;
}

/**
 * An answer: a body sent with status 200, or a function of the request giving a Response or a body, or a promise of
 * one (a request the test keeps in flight until it resolves it).
 */
export type FakeAnswer = object | ((request: SentRequest) => Response | object | Promise<Response | object>);

/**
 * Replaces fetch with an admin API that answers "METHOD path" (e.g. "GET products/3") from `answers`
 * as JSON; anything else is a 404 failure. Returns the mock and the requests it received.
 */
export function stubAdminApi(answers: Record<string, FakeAnswer>) {
  const sent: SentRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const headers = new Headers(init?.headers);
    const request: SentRequest = {
      method,
      path: url.pathname.replace(/^\/admin\/api\//, ''),
      query: url.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body,
      authorization: headers.get('Authorization'),
    };
    sent.push(request);
    const answer = answers[`${method} ${request.path}`];
    if (answer === undefined)
      return json(404, { success: false, message: `No fake answer for ${method} ${request.path}` });
    const result = typeof answer === 'function' ? await answer(request) : answer;
    return result instanceof Response ? result : json(200, result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, sent };
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

/** A list answer of the admin API. */
export function page<T>(data: T[]) {
  return { success: true, data, page: 1, per_page: 100, total: data.length };
}
