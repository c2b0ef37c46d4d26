import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { openDatabase, prepareDatabase } from '@kapaas/db';
import { buildApp } from './app';
import { serveBackups } from './backups/backups';
import { type Config, DEVELOPMENT_DEFAULTS } from './config';
import { loggerOptions } from './lib/logging';

/** Opens the database, migrates and seeds it, builds the shop and listens; SIGTERM and SIGINT close it cleanly. */
export async function start(config: Config): Promise<void> {
  const dataDir = resolve(config.DATA_DIR);
  const database = await openDatabase(
    config.DATABASE_URL
      ? { kind: 'postgres', url: config.DATABASE_URL }
      : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
  );
  const { seeded } = await prepareDatabase(database, { seedDemo: config.SEED_DEMO });

  const defaultDist = fileURLToPath(new URL('../../storefront/dist', import.meta.url));
  const storefrontDist = resolve(config.STOREFRONT_DIST ?? defaultDist);
  const adminDist = resolve(config.ADMIN_DIST ?? fileURLToPath(new URL('../../admin/dist', import.meta.url)));
  const app = await buildApp(
    { config, database, storefrontDist, adminDist, mediaDir: join(dataDir, 'media') },
    { logger: loggerOptions(config, process.stdout.isTTY === true) },
  );

  if (seeded) app.log.info('seeded the demo shop into an empty database');
  // The embedded database is backed up by this process, which alone may open it (ADR 017).
  const stopServingBackups =
    database.kind === 'pglite' ? await serveBackups(database, dataDir, app.log) : async () => undefined;
  if (!existsSync(join(storefrontDist, 'index.html'))) {
    app.log.warn({ storefrontDist }, 'the storefront is not built: run `npm run build`');
  }
  if (!existsSync(join(adminDist, 'index.html'))) {
    app.log.warn({ adminDist }, 'the admin console is not built: run `npm run build`');
  }
  if (config.ADMIN_PASSWORD === DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD) {
    app.log.info(
      { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
      'development admin credentials (set ADMIN_EMAIL and ADMIN_PASSWORD to change them)',
    );
  }

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    try {
      await app.close();
      await stopServingBackups();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  }
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  try {
    await app.listen({ port: config.PORT, host: config.HOST });
  } catch (err) {
    app.log.error({ err }, 'could not listen');
    await database.close();
    process.exit(1);
  }
}
