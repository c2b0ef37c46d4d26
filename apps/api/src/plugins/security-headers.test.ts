import { IncomingMessage, ServerResponse } from 'node:http';
import { Socket } from 'node:net';
import fc from 'fast-check';
import Fastify from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { describe, expect, it } from 'vitest';
import { helmetHeaders, JSON_ANSWER_HEADERS, jsonAnswerHeaders, securityHeadersPlugin } from './security-headers';

/** The headers helmet's middleware sets on a real Node response, per request, as @fastify/helmet ran it. */
function perRequest(options: HelmetOptions): Record<string, string> {
  const request = new IncomingMessage(new Socket());
  const response = new ServerResponse(request);
  helmet(options)(request, response, (error?: unknown) => {
    if (error) throw error;
  });
  return Object.fromEntries(Object.entries(response.getHeaders()).map(([name, value]) => [name, String(value)]));
}

const source = fc.constantFrom('https://checkout.razorpay.com', 'https://api.razorpay.com', "'self'", 'data:');
const options = fc.record({
  contentSecurityPolicy: fc.record({
    directives: fc.record({
      'default-src': fc.constant(["'self'"]),
      'script-src': fc.array(source, { minLength: 1, maxLength: 3 }),
      'connect-src': fc.array(source, { minLength: 1, maxLength: 3 }),
      'upgrade-insecure-requests': fc.constantFrom(null, []),
    }),
  }),
  crossOriginEmbedderPolicy: fc.boolean(),
  strictTransportSecurity: fc.oneof(fc.constant(false), fc.record({ maxAge: fc.nat(100_000_000) })),
  xFrameOptions: fc.constantFrom<HelmetOptions['xFrameOptions']>({ action: 'deny' }, { action: 'sameorigin' }),
}) as fc.Arbitrary<HelmetOptions>;

describe('the security headers', () => {
  it('computed once are exactly what helmet sets on each response', () => {
    fc.assert(
      fc.property(options, (helmetOptions) => {
        expect(helmetHeaders(helmetOptions)).toEqual(perRequest(helmetOptions));
      }),
    );
  });

  it('refuses options helmet refuses, at start-up', () => {
    // A value that would smuggle a second directive into the header.
    const smuggled = { contentSecurityPolicy: { directives: { 'default-src': ["'self'; script-src *"] } } };
    expect(() => perRequest(smuggled)).toThrow();
    expect(() => helmetHeaders(smuggled)).toThrow();
  });

  it('are on every answer, a refusal and an unknown path included; a route may set its own', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { helmet: {} });
    app.get('/ok', async () => ({ ok: true }));
    app.get('/own', async (_request, reply) => reply.header('x-frame-options', 'DENY').send('own'));
    app.get('/broken', async () => {
      throw new Error('broken');
    });
    const expected = perRequest({});
    for (const url of ['/ok', '/broken', '/nowhere']) {
      const response = await app.inject({ method: 'GET', url });
      expect(response.headers, url).toMatchObject(expected);
    }
    expect((await app.inject({ method: 'GET', url: '/own' })).headers['x-frame-options']).toBe('DENY');
    await app.close();
  });

  it("on a JSON answer are helmet's nosniff and resource policy, whatever the options", () => {
    fc.assert(
      fc.property(options, (helmetOptions) => {
        const all = helmetHeaders(helmetOptions);
        expect(jsonAnswerHeaders(all)).toEqual({
          'x-content-type-options': 'nosniff',
          'cross-origin-resource-policy': 'same-origin',
        });
        expect(Object.keys(all)).toEqual(expect.arrayContaining([...JSON_ANSWER_HEADERS]));
      }),
    );
    expect(jsonAnswerHeaders(helmetHeaders({ crossOriginResourcePolicy: false }))).toEqual({
      'x-content-type-options': 'nosniff',
    });
  });

  it('are the JSON set on the APIs (refusals and unknown paths too) and the full set on their docs', async () => {
    const app = Fastify();
    await app.register(securityHeadersPlugin, { helmet: {} });
    app.post('/api/category_list', async () => ({ ok: true }));
    app.get('/admin/api/broken', async () => {
      throw new Error('broken');
    });
    app.get('/api/docs', async () => 'docs');
    const full = perRequest({});
    const json = jsonAnswerHeaders(full);
    const documentOnly = Object.keys(full).filter((name) => !(name in json));
    expect(documentOnly).toEqual(
      expect.arrayContaining(['content-security-policy', 'x-frame-options', 'strict-transport-security']),
    );
    for (const [method, url] of [
      ['POST', '/api/category_list'],
      ['GET', '/admin/api/broken'],
      ['POST', '/api/nowhere'],
      ['GET', '/admin/api/nowhere'],
    ] as const) {
      const response = await app.inject({ method, url, payload: method === 'POST' ? {} : undefined });
      expect(response.headers, url).toMatchObject(json);
      for (const name of documentOnly) expect(response.headers[name], `${url} ${name}`).toBeUndefined();
    }
    for (const url of ['/api/docs', '/apinowhere', '/admin/api']) {
      expect((await app.inject({ method: 'GET', url })).headers, url).toMatchObject(full);
    }
    await app.close();
  });
});
