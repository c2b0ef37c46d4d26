import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from './errors';

/**
 * What a request's reply is given before anything else: helmet's headers for a document, or only the few a JSON
 * answer needs on the JSON APIs. plugins/security-headers.ts builds it; it is declared here, on the ground floor
 * that calls it, so that lib/ imports nothing from plugins/ (ADR 041).
 */
export type SecurityHeaders = (request: FastifyRequest, reply: FastifyReply) => void;

/** The deepest a request body may nest: far beyond any real call, far short of the stack's limit. */
export const MAX_BODY_DEPTH = 32;

/** What is wrong with a parsed body: nested deeper than MAX_BODY_DEPTH, or a NUL in a key or a string. */
export function bodyFault(body: unknown): 'too-deep' | 'nul' | undefined {
  // Iterative on purpose: a recursive walk overflows the stack on a 10 KB body of "[[[[…".
  const pending: { value: unknown; depth: number }[] = [{ value: body, depth: 1 }];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const { value, depth } = next;
    if (typeof value === 'string') {
      if (value.includes('\u0000')) return 'nul';
      continue;
    }
    if (value === null || typeof value !== 'object') continue;
    if (depth > MAX_BODY_DEPTH) return 'too-deep';
    for (const [key, inner] of Object.entries(value)) {
      if (key.includes('\u0000')) return 'nul';
      pending.push({ value: inner, depth: depth + 1 });
    }
  }
  return undefined;
}

/** The path and query string are decoded from the URL, so a NUL in either is a `%00` (or a raw NUL) in it. */
function urlHasNul(url: string): boolean {
  return url.includes('%00') || url.includes('\u0000');
}

/** A NUL in any header's name or value; a flat walk, since this runs on every request. */
function headersHaveNul(headers: Record<string, string | string[] | undefined>): boolean {
  for (const name in headers) {
    if (name.includes('\u0000')) return true;
    const value = headers[name];
    if (typeof value === 'string' ? value.includes('\u0000') : value?.some((one) => one.includes('\u0000'))) {
      return true;
    }
  }
  return false;
}

const nulInText = () => new AppError('INVALID_DATA', 'Text must not contain NUL characters.', { code: 'INVALID_DATA' });

/** The refusal of a POST without a content type. */
function notJson(): AppError {
  return new AppError(
    'UNSUPPORTED_MEDIA_TYPE',
    'Send the request as JSON (content-type: application/json), {} when empty.',
    { code: 'UNSUPPORTED_MEDIA_TYPE' },
  );
}

/**
 * Checks every request before anything reads it: NUL anywhere (PostgreSQL cannot store U+0000 in
 * text), or a body nested too deeply, answers 400 instead of failing later in a query. The query
 * string, path and headers are checked on arrival, before any hook looks up a token or a session;
 * the body once it is parsed, before its route validates it.
 * JSON only: every POST carries JSON, {} when there is nothing to send (a bodiless POST is what a
 * same-site sendBeacon('/api/logout') sends; only multipart uploads arrive here with a content
 * type and no body), so a POST without a content type is refused with 415 before its body is checked.
 * One synchronous `onRequest` and one `preValidation` hook for all of it (ADR 027): an async hook
 * costs every request a promise, and each hook a turn of Fastify's hook runner. `securityHeaders`,
 * when given, are set first in the same hook, so that a refusal carries them too.
 */
export const requestGuards = fp<{ securityHeaders?: SecurityHeaders }>(
  async (app: FastifyInstance, { securityHeaders }) => {
    app.addHook('onRequest', (request, reply, done) => {
      securityHeaders?.(request, reply);
      done(urlHasNul(request.url) || headersHaveNul(request.headers) ? nulInText() : undefined);
    });
    app.addHook('preValidation', (request, _reply, done) => {
      if (request.method === 'POST' && request.headers['content-type'] === undefined && !request.is404) {
        done(notJson());
      } else {
        done(bodyRefusal(request.body));
      }
    });
  },
  { name: 'request-guards' },
);

/** The refusal of a body nested too deeply or holding a NUL; undefined for a good body. */
function bodyRefusal(body: unknown): AppError | undefined {
  const fault = bodyFault(body);
  if (fault === 'too-deep') {
    return new AppError('INVALID_DATA', `The request body is nested too deeply (at most ${MAX_BODY_DEPTH} levels).`, {
      code: 'INVALID_DATA',
    });
  }
  return fault === 'nul' ? nulInText() : undefined;
}
