import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type DatabaseHandle, DataDirLockedError, openDatabase, prepareDatabase } from '@kapaas/db';
import type { FastifyInstance } from 'fastify';
import { buildApp } from './app';
import { serveBackups } from './backups/backups';
import { type Config, configWarnings, DEVELOPMENT_DEFAULTS } from './config';
import { loggerOptions } from './lib/logging';
import { hasServerBuild } from './plugins/storefront-pages';

/** Opens the database, migrates and seeds it, builds the shop and listens; SIGTERM and SIGINT close it cleanly. */
export async function start(config: Config): Promise<void> {
  const dataDir = resolve(config.DATA_DIR);
  const database = await openDatabaseOrRefuse(config, dataDir);
  if (!database) return;
  const { seeded } = await prepareDatabase(database, { seedDemo: config.SEED_DEMO });

  const builds = builtApps(config);
  const app = await buildApp(
    {
      config,
      database,
      ...builds,
      mediaDir: join(dataDir, 'media'),
      privateDir: join(dataDir, 'private'),
    },
    { logger: loggerOptions(config, process.stdout.isTTY === true) },
  );

  if (seeded) app.log.info('seeded the demo shop into an empty database');
  // The embedded database is backed up by this process, which alone may open it (ADR 017).
  const stopServingBackups =
    database.kind === 'pglite' ? await serveBackups(database, dataDir, app.log) : async () => undefined;
  warnAtStart(app, config, builds);

  const requests = trackRequests(app.server);
  const shutdown = shutdownOnce({ app, config, database, requests, stopServingBackups });
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

/** Opens DATABASE_URL's PostgreSQL, or PGlite in DATA_DIR; undefined, exit code 1 set, when another shop holds DATA_DIR. */
async function openDatabaseOrRefuse(config: Config, dataDir: string): Promise<DatabaseHandle | undefined> {
  try {
    return await openDatabase(
      config.DATABASE_URL
        ? { kind: 'postgres', url: config.DATABASE_URL }
        : { kind: 'pglite', dataDir: join(dataDir, 'pglite') },
    );
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    // Another shop runs on this folder: say so in one line and end, having opened nothing.
    console.error(error.message);
    process.exitCode = 1;
    return undefined;
  }
}

/** The built storefront and console: STOREFRONT_DIST and ADMIN_DIST, by default the workspace's dist folders. */
function builtApps(config: Config): { storefrontDist: string; adminDist: string } {
  const defaultDist = fileURLToPath(new URL('../../storefront/dist', import.meta.url));
  const storefrontDist = resolve(config.STOREFRONT_DIST ?? defaultDist);
  const adminDist = resolve(config.ADMIN_DIST ?? fileURLToPath(new URL('../../admin/dist', import.meta.url)));
  return { storefrontDist, adminDist };
}

/** What the owner should know at start-up: a build missing, risky settings, the development admin's credentials. */
function warnAtStart(
  app: FastifyInstance,
  config: Config,
  { storefrontDist, adminDist }: { storefrontDist: string; adminDist: string },
): void {
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
}

/** The requests under way, counted so that a shutdown answers them before it cuts their connections. */
interface RequestsInFlight {
  /** How many are under way now. */
  readonly count: number;
  /** From now on, an answer tells its client to close the connection. */
  drain(): void;
  /** Resolves true when no request is under way, or false when `graceMs` passed first. */
  answered(graceMs: number): Promise<boolean>;
}

function trackRequests(server: FastifyInstance['server']): RequestsInFlight {
  let inFlight = 0;
  let draining = false;
  const whenAnswered = new Set<() => void>();
  server.on('request', (_request, response) => {
    inFlight += 1;
    // During a shutdown, a client reusing its connection is told not to: the next request goes elsewhere.
    if (draining && !response.headersSent) response.setHeader('connection', 'close');
    response.once('close', () => {
      inFlight -= 1;
      if (inFlight === 0) for (const resolve of whenAnswered) resolve();
    });
  });
  return {
    get count() {
      return inFlight;
    },
    drain() {
      draining = true;
    },
    answered(graceMs) {
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
    },
  };
}

/** What a shutdown closes. */
interface RunningShop {
  app: FastifyInstance;
  config: Config;
  database: DatabaseHandle;
  requests: RequestsInFlight;
  stopServingBackups: () => Promise<void>;
}

/**
 * The signal handler: the first signal closes the shop and exits 0, or 1 when a step fails or
 * the whole takes longer than SHUTDOWN_GRACE_MS and 10 s more; a second signal changes nothing.
 */
function shutdownOnce(shop: RunningShop): (signal: string) => Promise<void> {
  let closing = false;
  return async (signal) => {
    if (closing) return;
    closing = true;
    const force = setTimeout(() => {
      shop.app.log.error('shutdown did not finish in time: exiting');
      process.exit(1);
    }, shop.config.SHUTDOWN_GRACE_MS + 10_000);
    force.unref();
    try {
      await closeShop(shop, signal);
      process.exit(0);
    } catch (err) {
      shop.app.log.error({ err }, 'shutdown failed');
      process.exit(1);
    }
  };
}

/**
 * Stops taking connections, lets the requests under way finish (a checkout's call to the sandbox
 * goes through app.inject, which refuses once the app closes, so the app is closed only after),
 * cuts the connections left (idle keep-alives, and sockets that never sent a request), then
 * closes the app, the backups' socket and the database. Each step is logged.
 */
async function closeShop({ app, config, database, requests, stopServingBackups }: RunningShop, signal: string) {
  requests.drain();
  app.server.close();
  app.server.closeIdleConnections();
  app.log.info({ signal, inFlight: requests.count }, 'shutting down: no new connections');
  if (await requests.answered(config.SHUTDOWN_GRACE_MS)) app.log.info('in-flight requests answered');
  else
    app.log.warn(
      { inFlight: requests.count, graceMs: config.SHUTDOWN_GRACE_MS },
      'grace period over: cutting requests',
    );
  // The sandbox's webhooks for those answers reach this app through app.inject as well.
  await app.paymentsSandbox?.deliveries.idle();
  app.server.closeAllConnections();
  app.log.info('open connections closed');
  await app.close();
  app.log.info('shop closed');
  await stopServingBackups();
  await database.close();
  app.log.info('database closed');
}
