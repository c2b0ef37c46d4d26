import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** The APIs whose answers may carry personal data: the customer API and the admin API (CSV exports included). */
const PERSONAL_PREFIXES = ['/api/', '/admin/api/'];
/** The API's own documentation, the same for everyone. */
const DOCS_PREFIX = '/api/docs';

/**
 * `Cache-Control: no-store` on every customer and admin answer, refusals and unknown paths included,
 * so that no browser cache or proxy keeps a shopper's or the shop's data. It is the default for
 * the whole API, so a new route is covered without thinking of it; the public catalogue opts out
 * with {@link publicAnswers}.
 */
export const noStorePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      const url = request.url;
      if (PERSONAL_PREFIXES.some((prefix) => url.startsWith(prefix)) && !url.startsWith(DOCS_PREFIX)) {
        reply.header('cache-control', 'no-store');
      }
    });
  },
  { name: 'no-store' },
);

/** Marks the routes of this (encapsulated) plugin as answering public data, the same for everyone: no `no-store`. */
export function publicAnswers(app: FastifyInstance): void {
  app.addHook('onRequest', async (_request: FastifyRequest, reply: FastifyReply) => {
    reply.removeHeader('cache-control');
  });
}
