import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, DataDirLockedError, openDatabase, prepareDatabase } from '@kapaas/db';
import { buildApp } from './app';
import { serveBackups } from './backups/backups';
import { type Config, configWarnings, DEVELOPMENT_DEFAULTS } from './config';
import { loggerOptions } from './lib/logging';
import { hasServerBuild } from './plugins/storefront-pages';

/** Opens the database, migrates and seeds it, builds the shop and listens; SIGTERM and SIGINT close it cleanly. */
export async function start(config: Config): Promise<void> {
  const dataDir = resolve(config.DATA_DIR);
  let database: DatabaseHandle;
  try {
    database = await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL }
        : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // Another shop runs on this folder: say so in one line and end, having opened nothing.
    console.error(error.message);
    process.exitCode = 1;
    return;
  }
  const { seeded } = await prepareDatabase(database, { seedDemo: config.SEED_DEMO });

  const defaultDist = fileURLToPath(new URL('../../storefront/dist', import.meta.url));
  const storefrontDist = resolve(config.STOREFRONT_DIST ?? defaultDist);
  const adminDist = resolve(config.ADMIN_DIST ?? fileURLToPath(new URL('../../admin/dist', import.meta.url)));
  const app = await buildApp(
    {
      config,
      database,
      storefrontDist,
      adminDist,
      mediaDir: join(dataDir, 'media'),
      privateDir: join(dataDir, 'private'),
    },
    { logger: loggerOptions(config, process.stdout.isTTY === true) },
  );

  if (seeded) app.log.info('seeded the demo shop into an empty database');
  // The embedded database is backed up by this process, which alone may open it (ADR 017).
  const stopServingBackups =
    database.kind === 'pglite' ? await serveBackups(database, dataDir, app.log) : async () => undefined;
  if (!hasServerBuild(storefrontDist)) {
    app.log.warn({ storefrontDist }, 'the storefront is not built: run `npm run build`');
  }
  if (!existsSync(join(adminDist, 'index.html'))) {
    app.log.warn({ adminDist }, 'the admin console is not built: run `npm run build`');
  }
  for (const warning of configWarnings(config)) app.log.warn(warning);
  if (config.ADMIN_PASSWORD === DEVELOPMENT_DEFAULTS.ADMIN_PASSWORD) {
    app.log.info(
      { email: config.ADMIN_EMAIL, password: config.ADMIN_PASSWORD },
      'development admin credentials (set ADMIN_EMAIL and ADMIN_PASSWORD to change them)',
    );
  }

  // Requests under way, counted so that a shutdown answers them before it cuts their connections.
  let inFlight = 0;
  let draining = false;
  const whenAnswered = new Set<() => void>();
  app.server.on('request', (_request, response) => {
    inFlight += 1;
    // During a shutdown, a client reusing its connection is told not to: the next request goes elsewhere.
    if (draining && !response.headersSent) response.setHeader('connection', 'close');
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) for (const resolve of whenAnswered) resolve();
    });
  });
  /** Resolves true when no request is under way, or false when `graceMs` passed first. */
  function requestsAnswered(graceMs: number): Promise<boolean> {
    if (inFlight === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = (answered: boolean) => {
        clearTimeout(timer);
        whenAnswered.delete(onAnswered);
        resolve(answered);
      };
      const onAnswered = () => done(true);
      const timer = setTimeout(() => done(false), graceMs);
      whenAnswered.add(onAnswered);
    });
  }

  let closing = false;
  /**
   * Stops taking connections, lets the requests under way finish (a checkout's call to the sandbox
   * goes through app.inject, which refuses once the app closes, so the app is closed only after),
   * cuts the connections left (idle keep-alives, and sockets that never sent a request), then
   * closes the app and the database and exits 0. Each step is logged.
   */
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => {
      app.log.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, config.SHUTDOWN_GRACE_MS + 10_000);
    force.unref();
    try {
      draining = true;
      app.server.close();
      app.server.closeIdleConnections();
      app.log.info({ signal, inFlight }, 'shutting down: no new connections');
      if (await requestsAnswered(config.SHUTDOWN_GRACE_MS)) app.log.info('in-flight requests answered');
      else app.log.warn({ inFlight, graceMs: config.SHUTDOWN_GRACE_MS }, 'grace period over: cutting requests');
      // The sandbox's webhooks for those answers reach this app through app.inject as well.
      await app.paymentsSandbox?.deliveries.idle();
      app.server.closeAllConnections();
      app.log.info('open connections closed');
      await app.close();
      app.log.info('shop closed');
      await stopServingBackups();
      await database.close();
      app.log.info('database closed');
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
