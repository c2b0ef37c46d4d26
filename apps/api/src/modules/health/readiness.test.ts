import { sql } from '@kapaas/db';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { databasePlugin } from '../../plugins/database';
import { CatalogueService } from '../catalogue/catalogue.service';
import { readinessRoutes } from './readiness.routes';

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop.close();
});

describe('GET /readyz', () => {
  it('answers 200 once the database answers, is migrated and the catalogue is loaded', async () => {
    const response = await shop.app.inject({ method: 'GET', url: '/readyz' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ status: 'ready', database: true, migrations: true, catalogue: true });
  });

  it('answers 503 while the catalogue has not been loaded, and 200 once it is', async () => {
    // The shop's own app loads the catalogue before it listens; this app is built around a
    // catalogue that has not loaded yet, as a process that is still starting has it.
    const app = Fastify({ logger: false });
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(databasePlugin, { database: shop.database });
    const catalogue = new CatalogueService(shop.database, app.log);
    app.decorate('catalogue', catalogue);
    await app.register(readinessRoutes);
    await app.ready();
    try {
      const starting = await app.inject({ method: 'GET', url: '/readyz' });
      expect(starting.statusCode).toBe(503);
      expect(starting.json()).toEqual({ status: 'not_ready', database: true, migrations: true, catalogue: false });
      await catalogue.refresh();
      const loaded = await app.inject({ method: 'GET', url: '/readyz' });
      expect(loaded.statusCode).toBe(200);
    } finally {
      await app.close();
    }
  });

  it('answers 503 when a migration the code knows of has not been applied', async () => {
    const { db } = shop.database;
    const result = await db.execute(
      sql`SELECT id, hash, created_at FROM drizzle.__drizzle_migrations ORDER BY id DESC LIMIT 1`,
    );
    const last = (result as { rows: { id: number; hash: string; created_at: string }[] }).rows[0];
    if (!last) throw new Error('no migrations recorded');
    await db.execute(sql`DELETE FROM drizzle.__drizzle_migrations WHERE id = ${last.id}`);
    try {
      const response = await shop.app.inject({ method: 'GET', url: '/readyz' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toMatchObject({ status: 'not_ready', database: true, migrations: false });
      // Liveness is a separate question: the process is alive and should not be restarted for this.
      const live = await shop.app.inject({ method: 'GET', url: '/healthz' });
      expect(live.statusCode).toBe(200);
    } finally {
      await db.execute(
        sql`INSERT INTO drizzle.__drizzle_migrations (id, hash, created_at) VALUES (${last.id}, ${last.hash}, ${last.created_at})`,
      );
    }
    expect((await shop.app.inject({ method: 'GET', url: '/readyz' })).statusCode).toBe(200);
  });
});
