import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { SecurityHeaders } from '../lib/request-guards';
import { isPersonalPath } from './no-store';

/** A response that only records what helmet sets: enough for helmet's middleware, which only sets and removes headers. */
class RecordedHeaders {
  readonly headers: Record<string, string> = {};
  setHeader(name: string, value: string | number | readonly string[]): void {
    this.headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
  }
  removeHeader(name: string): void {
    delete this.headers[name.toLowerCase()];
  }
}

/**
 * The headers helmet sends with these options. They depend on the options alone (no directive
 * here is a function of the request), so helmet runs once, at start-up, not on every request.
 */
export function helmetHeaders(options: Readonly<HelmetOptions>): Readonly<Record<string, string>> {
  const recorded = new RecordedHeaders();
  let failure: unknown;
  // helmet's middleware is synchronous; it throws on bad options (and still accepts a callback).
  helmet(options)(
    {} as Parameters<ReturnType<typeof helmet>>[0],
    recorded as unknown as Parameters<ReturnType<typeof helmet>>[1],
    (error?: unknown) => {
      failure = error;
    },
  );
  if (failure) throw failure;
  return Object.freeze({ ...recorded.headers });
}

/**
 * The security headers that act on a JSON answer (ADR 027): `nosniff`, so that no browser reads
 * it as a script or a style, and the Cross-Origin-Resource-Policy, so that no other site loads it
 * as a resource. The others (CSP, frame options, COOP, HSTS, referrer policy…) only act on a
 * document a browser renders or navigates to, which the shop's pages, media and docs carry.
 */
export const JSON_ANSWER_HEADERS = ['x-content-type-options', 'cross-origin-resource-policy'] as const;

/** Of helmet's headers, those a JSON answer carries; the ones helmet was told not to send stay unsent. */
export function jsonAnswerHeaders(all: Readonly<Record<string, string>>): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  for (const name of JSON_ANSWER_HEADERS) {
    const value = all[name];
    if (value !== undefined) headers[name] = value;
  }
  return Object.freeze(headers);
}

/**
 * Helmet's security headers, computed once, as a function that copies them onto a reply: the
 * full set on every page, file, the API docs and anything else a browser may render, and only
 * {@link JSON_ANSWER_HEADERS} on the JSON APIs (`/api/`, `/admin/api/`), their refusals and
 * unknown paths included. Strict-Transport-Security goes only where `overHttps` says the browser
 * came over https: over plain http it means nothing to a browser, and tells a reader the wrong
 * thing. A route may still set its own value of one of them (the API docs page and the console
 * send their own Content-Security-Policy).
 */
export function securityHeaders(
  options: Readonly<HelmetOptions>,
  overHttps: (request: FastifyRequest) => boolean = () => true,
): SecurityHeaders {
  const documents = helmetHeaders(options);
  const { 'strict-transport-security': _hsts, ...overHttp } = documents;
  const json = jsonAnswerHeaders(documents);
  return (request, reply) => {
    if (isPersonalPath(request.url)) reply.headers(json);
    else reply.headers(overHttps(request) ? documents : overHttp);
  };
}

/**
 * The shop's Content-Security-Policy directives. Scripts and styles come from the shop's own files only: no
 * inline script (a rendered page adds the hashes of its own, storefront-pages.ts) and no inline style, neither a
 * `<style>` element nor a style attribute (ADR 038). `payment` are the payment provider's origins (Razorpay's
 * checkout.js loads from one, and frames and calls both).
 */
export function shopDirectives(payment: readonly string[]): Record<string, string[] | null> {
  return {
    'default-src': ["'self'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'script-src': ["'self'", ...payment],
    'style-src': ["'self'"],
    'connect-src': ["'self'", ...payment],
    'frame-src': ["'self'", ...payment],
    'font-src': ["'self'", 'data:'],
    'upgrade-insecure-requests': null,
  };
}

/**
 * The admin console's Content-Security-Policy: the shop's, with style attributes allowed. The console previews
 * the shop's messages in a frame that takes the console's policy, and an e-mail's styles are style attributes
 * (mail clients read nothing else). `<style>` elements stay refused (ADR 038).
 */
export function consolePolicy(options: Readonly<HelmetOptions>, directives: Record<string, string[] | null>): string {
  const policy = helmetHeaders({
    ...options,
    contentSecurityPolicy: { directives: { ...directives, 'style-src-attr': ["'unsafe-inline'"] } },
  })['content-security-policy'];
  if (!policy) throw new Error('the console has no Content-Security-Policy');
  return policy;
}

/**
 * {@link securityHeaders} in a synchronous `onRequest` hook of their own. The shop sets them in
 * its request guards' hook instead (`lib/request-guards.ts`), one hook for both (ADR 027).
 */
export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app: FastifyInstance, options) => {
    const setHeaders = securityHeaders(options.helmet);
    app.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      setHeaders(request, reply);
      done();
    });
  },
  { name: 'security-headers' },
);
