import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MIGRATIONS_FOLDER, sql } from '@kapaas/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const Readiness = z.object({
  status: z.enum(['ready', 'not_ready']),
  database: z.boolean(),
  migrations: z.boolean(),
  catalogue: z.boolean(),
});

/** When the newest migration this code ships was made: drizzle applies by this stamp. */
function newestMigrationStamp(): number {
  const journal = JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(0, ...journal.entries.map((entry) => entry.when));
}

/**
 * GET /readyz (readiness, ADR 018): 200 when this process should be sent shoppers: its database
 * answers, every migration this code knows of is applied there, and the catalogue is in memory.
 * Otherwise 503 with what is missing. /healthz (liveness) stays a separate question: a process
 * that is alive but not ready is taken out of the load balancer, not restarted.
 */
export const readinessRoutes: FastifyPluginAsyncZod = async (app) => {
  const newest = newestMigrationStamp();
  app.get(
    '/readyz',
    {
      schema: {
        tags: ['health'],
        summary: 'Is this process ready for shoppers (database, migrations, catalogue)?',
        response: { 200: Readiness, 503: Readiness },
      },
    },
    async (_request, reply) => {
      const database = await app.database.db.execute(sql`SELECT 1`).then(
        () => true,
        (err: unknown) => {
          app.log.error({ err }, 'readiness check: the database did not answer');
          return false;
        },
      );
      // No migrations table at all (a database never migrated) is "not migrated", not an error.
      const migrations =
        database &&
        (await app.database.db.execute(sql`SELECT max(created_at) AS newest FROM drizzle.__drizzle_migrations`).then(
          // Both drivers answer { rows }; created_at is a bigint, which pg hands over as text.
          (applied) => Number((applied as { rows: { newest: unknown }[] }).rows[0]?.newest ?? 0) >= newest,
          () => false,
        ));
      const catalogue = app.catalogue.loaded;
      const ready = database && migrations && catalogue;
      return reply
        .code(ready ? 200 : 503)
        .header('cache-control', 'no-store')
        .send({ status: ready ? ('ready' as const) : ('not_ready' as const), database, migrations, catalogue });
    },
  );
};
