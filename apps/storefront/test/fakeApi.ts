import { vi } from 'vitest';

/**
 * What the fake API answers for one endpoint: a success body, or a function of the request body (which may answer
 * later, through a promise, to hold a request in flight).
 */
export type FakeAnswer = object | ((body: Record<string, unknown>) => Response | object | Promise<Response | object>);

/**
 * Replaces fetch with an API that answers POST /api/{endpoint} from `answers` as JSON with status 200, and any
 * other endpoint with a 404 failure. Returns the mock, so tests can check what was sent.
 */
export function stubApi(answers: Record<string, FakeAnswer>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const endpoint = url.pathname.replace(/^\/api\//, '');
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {};
    const answer = answers[endpoint];
    if (answer === undefined) return json(404, { success: false, message: `No fake answer for ${endpoint}` });
    const result = typeof answer === 'function' ? await answer(body) : answer;
    return result instanceof Response ? result : json(200, result);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}
