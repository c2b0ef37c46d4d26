import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { z } from 'zod';
import { AppError } from './errors';

/** A public call's answer as its route sends it: the JSON text, or its UTF-8 bytes. */
type Answer = string | Buffer;

interface PublicCall {
  request: z.ZodType;
  answer: (body: never) => Answer | Promise<Answer>;
}

/**
 * The public calls (the catalogue's: the same answer for everyone, no session) as functions of their body. Each
 * route that answers one registers its function here too, so that the server-side render of a storefront page reads
 * exactly what `POST /api/{endpoint}` would answer, in the same process: no HTTP, and for the catalogue's calls no
 * database query. The privacy notice (issue 35) reads its one row: an answer may be a promise.
 */
export class PublicCalls {
  readonly #calls = new Map<string, PublicCall>();

  /** Registers `endpoint`'s answer; `request` checks a body the way the route's schema does. */
  add<S extends z.ZodType>(
    endpoint: string,
    request: S,
    answer: (body: z.output<S>) => Answer | Promise<Answer>,
  ): void {
    if (this.#calls.has(endpoint)) throw new Error(`The public call ${endpoint} is registered twice`);
    this.#calls.set(endpoint, { request, answer });
  }

  /**
   * What `POST /api/{endpoint}` with `body` answers, parsed. A refusal is thrown as the route's AppError would be
   * (404 for an unknown product); an endpoint that is not public, or a body its schema refuses, is a 400.
   */
  async call(endpoint: string, body: unknown): Promise<unknown> {
    const call = this.#calls.get(endpoint);
    if (!call) throw new AppError('INVALID_DATA', `${endpoint} is not a public call.`);
    const parsed = call.request.safeParse(body);
    if (!parsed.success) throw new AppError('INVALID_DATA', `The body of ${endpoint} is not valid.`);
    const answer = await call.answer(parsed.data as never);
    return JSON.parse(typeof answer === 'string' ? answer : answer.toString('utf8'));
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    publicCalls: PublicCalls;
  }
}

/** Decorates the app with the registry; the routes fill it as they are registered. */
export const publicCallsPlugin = fp(
  async (app: FastifyInstance) => {
    app.decorate('publicCalls', new PublicCalls());
  },
  { name: 'public-calls' },
);
