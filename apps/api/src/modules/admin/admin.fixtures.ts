import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { TestShop } from '../../../test/shop';

/** The first owner of every test shop (the development defaults of config.ts). */
export const OWNER = { email: 'admin@kapaas.local', password: 'kapaas-admin' } as const;

/** An admin client: JSON calls under /admin/api with a Bearer token (or none). */
export interface AdminClient {
  token: string | undefined;
  get(path: string, query?: Record<string, string | number | boolean>): Promise<LightMyRequestResponse>;
  post(path: string, body?: unknown): Promise<LightMyRequestResponse>;
  patch(path: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(path: string): Promise<LightMyRequestResponse>;
}

/** Test helpers for the admin API: clients with or without tokens, an owner and a staff member. */
export function adminFixtures(shop: () => TestShop) {
  function client(token?: string, headers: Record<string, string> = {}): AdminClient {
    const call = (
      method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
      path: string,
      body?: unknown,
      query?: Record<string, string>,
    ) =>
      shop().app.inject({
        method,
        url: `/admin/api${path}`,
        headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
        ...(query ? { query } : {}),
        ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
      });
    return {
      token,
      get: (path, query) =>
        call(
          'GET',
          path,
          undefined,
          query && Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
        ),
      post: (path, body = {}) => call('POST', path, body),
      patch: (path, body = {}) => call('PATCH', path, body),
      delete: (path) => call('DELETE', path),
    };
  }

  async function login(email: string, password: string): Promise<AdminClient> {
    const response = await client().post('/login', { email, password });
    expect(response.statusCode, response.body).toBe(200);
    return client(response.json().token as string);
  }

  let staffCount = 0;
  /** A new staff account, logged in. */
  async function staff(owner: AdminClient): Promise<AdminClient & { id: number; email: string }> {
    staffCount += 1;
    const email = `staff${staffCount}-${Date.now()}@kapaas.local`;
    const created = await owner.post('/admins', { email, name: 'Staff', password: 'staff-password-1', role: 'staff' });
    expect(created.statusCode, created.body).toBe(200);
    return Object.assign(await login(email, 'staff-password-1'), { id: created.json().data.id as number, email });
  }

  /** The newest audit entry for a resource and record. */
  async function lastAudit(owner: AdminClient, resource: string, id: number | string) {
    const response = await owner.get('/audit-log', { resource, resource_id: String(id), per_page: 1 });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data[0] as
      | { action: string; admin_email: string; before: unknown; after: unknown; created_at: string }
      | undefined;
  }

  return { client, login, owner: () => login(OWNER.email, OWNER.password), staff, lastAudit };
}

/** Expects a JSON answer with this status and answers its body. */
export function expectStatus(response: LightMyRequestResponse, status: number) {
  expect(response.statusCode, response.body).toBe(status);
  return response.json();
}
