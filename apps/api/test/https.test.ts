import type { LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { SESSION_COOKIE } from '../src/plugins/sessions';
import { startTestShop, type TestShop } from './shop';

// Whether the browser reaches the shop over https is known two ways: PUBLIC_URL says so, or a trusted proxy says so
// (X-Forwarded-Proto). PUBLIC_URL is set by the operator once; the proxy's word needs TRUST_PROXY naming the right hop.

const shops: TestShop[] = [];
afterAll(async () => {
  for (const shop of shops) await shop.close();
});

async function shopWith(env: Record<string, string>): Promise<TestShop> {
  const shop = await startTestShop({ env });
  shops.push(shop);
  return shop;
}

/** A guest start (sets the cookie) then a logout (clears it), as a visitor sending `headers` each time. */
async function cookieLines(shop: TestShop, headers: Record<string, string> = {}): Promise<string[]> {
  const start = await shop.app.inject({ method: 'POST', url: '/api/get_guest_id', payload: {}, headers });
  expect(start.statusCode, start.body).toBe(200);
  const set = sessionLine(start);
  const cookie = set.split(';')[0] ?? '';
  const end = await shop.app.inject({
    method: 'POST',
    url: '/api/logout',
    payload: {},
    headers: { ...headers, cookie },
  });
  expect(end.statusCode, end.body).toBe(200);
  return [set, sessionLine(end)];
}

function sessionLine(response: LightMyRequestResponse): string {
  const header = response.headers['set-cookie'];
  const lines = Array.isArray(header) ? header : header ? [header] : [];
  const line = lines.find((entry) => entry.startsWith(`${SESSION_COOKIE}=`));
  if (!line) throw new Error(`no session cookie in ${JSON.stringify(header)}`);
  return line;
}

const isSecure = (line: string) => line.split(';').some((part) => part.trim().toLowerCase() === 'secure');

describe('the session cookie', () => {
  it('is Secure whenever PUBLIC_URL is https, with TRUST_PROXY unset', async () => {
    const shop = await shopWith({ PUBLIC_URL: 'https://kapaas.example.in' });
    const lines = await cookieLines(shop);
    expect(lines.map(isSecure), lines.join('\n')).toEqual([true, true]);
  });

  it('is Secure whenever PUBLIC_URL is https, with TRUST_PROXY naming a hop that is not the proxy', async () => {
    const shop = await shopWith({ PUBLIC_URL: 'https://kapaas.example.in', TRUST_PROXY: '10.9.9.9' });
    // The request comes from 127.0.0.1 (app.inject): its X-Forwarded-Proto is not believed, and need not be.
    const lines = await cookieLines(shop, { 'x-forwarded-proto': 'https' });
    expect(lines.map(isSecure), lines.join('\n')).toEqual([true, true]);
  });

  it('is Secure when a trusted proxy says https, whatever PUBLIC_URL says', async () => {
    const shop = await shopWith({ PUBLIC_URL: 'http://127.0.0.1:3000', TRUST_PROXY: '127.0.0.1' });
    const lines = await cookieLines(shop, { 'x-forwarded-proto': 'https' });
    expect(lines.map(isSecure), lines.join('\n')).toEqual([true, true]);
  });

  it('is not Secure on a shop served over plain http (PUBLIC_URL http, no proxy), so the browser keeps it', async () => {
    const shop = await shopWith({ PUBLIC_URL: 'http://127.0.0.1:3000' });
    const lines = await cookieLines(shop, { 'x-forwarded-proto': 'https' });
    expect(lines.map(isSecure), lines.join('\n')).toEqual([false, false]);
  });
});

describe('Strict-Transport-Security', () => {
  const hsts = async (shop: TestShop, headers: Record<string, string> = {}) =>
    (await shop.app.inject({ method: 'GET', url: '/healthz', headers })).headers['strict-transport-security'];

  it('is sent when PUBLIC_URL is https, whoever the proxy is', async () => {
    const shop = await shopWith({ PUBLIC_URL: 'https://kapaas.example.in' });
    expect(await hsts(shop)).toBe('max-age=31536000; includeSubDomains');
  });

  it('is sent when a trusted proxy says the request came over https', async () => {
    const shop = await shopWith({ PUBLIC_URL: 'http://127.0.0.1:3000', TRUST_PROXY: '127.0.0.1' });
    expect(await hsts(shop, { 'x-forwarded-proto': 'https' })).toBe('max-age=31536000; includeSubDomains');
    expect(await hsts(shop, { 'x-forwarded-proto': 'http' })).toBeUndefined();
  });

  it('is not sent over plain http (PUBLIC_URL http, no proxy), nor on a JSON answer', async () => {
    const shop = await shopWith({ PUBLIC_URL: 'http://127.0.0.1:3000' });
    expect(await hsts(shop, { 'x-forwarded-proto': 'https' })).toBeUndefined();
    const https = await shopWith({ PUBLIC_URL: 'https://kapaas.example.in' });
    const answer = await https.app.inject({ method: 'POST', url: '/api/category_list', payload: {} });
    expect(answer.headers['strict-transport-security']).toBeUndefined();
  });
});
