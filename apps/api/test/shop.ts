import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DatabaseHandle } from '@kapaas/db';
import { openPgliteFromTemplate, openPostgresFromTemplate } from '@kapaas/db/testing';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';

/** A shop for one test file: the app on its own copy of the demo database. */
export interface TestShop {
  app: FastifyInstance;
  database: DatabaseHandle;
  /** POST /api/<endpoint> with a JSON body, as the storefront calls it. */
  post(endpoint: string, body?: unknown): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

export async function startTestShop(options: { storefrontDist?: string } = {}): Promise<TestShop> {
  const postgresUrl = inject('postgresUrl');
  const template = inject('pgliteTemplate');
  let database: DatabaseHandle;
  if (postgresUrl) database = await openPostgresFromTemplate(postgresUrl);
  else if (template) database = await openPgliteFromTemplate(template);
  else throw new Error('No test database template: is test/global-setup.ts configured?');

  const mediaDir = await mkdtemp(join(tmpdir(), 'kapaas-media-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' });
  const app = await buildApp({ config, database, mediaDir, ...options });
  return {
    app,
    database,
    post: (endpoint, body = {}) =>
      app.inject({ method: 'POST', url: `/api/${endpoint}`, payload: body as Record<string, unknown> }),
    async close() {
      await app.close();
      await database.close();
      await rm(mediaDir, { recursive: true, force: true });
    },
  };
}
