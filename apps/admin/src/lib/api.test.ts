import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubAdminApi } from '../../test/fakeAdminApi';
import { adminRequest } from './api';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('adminRequest', () => {
  it('sends a POST without a body as the empty JSON object, since the API refuses a bodiless POST', async () => {
    const { fetchMock } = stubAdminApi({ 'POST orders/7/pack': { success: true } });
    await adminRequest('POST', 'orders/7/pack');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Content-Type')).toBe('application/json');
    expect(init?.body).toBe('{}');
  });

  it('sends a DELETE without a body, as JSON would need one', async () => {
    const { fetchMock } = stubAdminApi({ 'DELETE banners/3': { success: true } });
    await adminRequest('DELETE', 'banners/3');
    const init = fetchMock.mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get('Content-Type')).toBeNull();
    expect(init?.body).toBeUndefined();
  });
});
