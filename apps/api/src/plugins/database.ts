import type { DatabaseHandle } from '@kapaas/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** The shop's database and its PGlite/PostgreSQL specifics. */
    database: DatabaseHandle;
  }
}

/** Exposes the already-opened database to routes and services. The caller owns its lifetime. */
export const databasePlugin = fp<{ database: DatabaseHandle }>(
  async (app: FastifyInstance, options) => {
    app.decorate('database', options.database);
  },
  { name: 'database' },
);
