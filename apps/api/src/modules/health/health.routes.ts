import { sql } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Health = z.object({ status: z.enum(['ok', 'unavailable']), database: z.enum(['pglite', 'postgres']) });

/** GET /healthz: 200 when the server and its database answer a read of the orders table, else 503. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/healthz',
    { schema: { tags: ['health'], summary: 'Is the shop up?', response: { 200: Health, 503: Health } } },
    async (_request, reply) => {
      const database = app.database.kind;
      try {
        // A real read of a core table: SELECT 1 answers even when the tables are damaged.
        await app.database.db.execute(sql`SELECT id FROM orders ORDER BY id DESC LIMIT 1`);
        return { status: 'ok' as const, database };
      } catch (err) {
        app.log.error({ err }, 'health check: database unavailable');
        return reply.code(503).send({ status: 'unavailable' as const, database });
      }
    },
  );
};
