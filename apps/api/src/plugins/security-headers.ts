import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

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
 * Helmet's security headers on every answer (refusals, unknown paths and files included),
 * computed once and copied onto each reply by one synchronous hook. A route may still set its own
 * value of one of them (the API docs page sends its own Content-Security-Policy).
 */
export const securityHeadersPlugin = fp<{ helmet: HelmetOptions }>(
  async (app: FastifyInstance, options) => {
    const headers = helmetHeaders(options.helmet);
    app.addHook('onRequest', (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'security-headers' },
);
