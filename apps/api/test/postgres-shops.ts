import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, withDatabase } from '@kapaas/db/testing';
import { freePort, type ShopProcess, spawnShop } from './shop-process';

/** A shop process (src/server.ts) and where it answers. */
export interface RunningShop extends ShopProcess {
  baseUrl: string;
}

/**
 * Shop processes started as `npm start` starts them, on one PostgreSQL database of their own that they migrate and
 * seed themselves (the tests of several processes: PGlite serves one process by design). `close` stops them and drops
 * the database, whatever `start` got to.
 */
export class PostgresShops {
  readonly databaseName: string;
  readonly databaseUrl: string;
  shops: RunningShop[] = [];
  #dataDir: string | undefined;

  constructor(
    private readonly serverUrl: string,
    name: string,
  ) {
    this.databaseName = `kapaas_${name}_${process.pid}`;
    this.databaseUrl = withDatabase(serverUrl || 'postgres://localhost/x', this.databaseName);
  }

  /** Creates the empty database, then starts `count` shops on it at once and waits until each answers /healthz. */
  async start(count: number): Promise<RunningShop[]> {
    await admin(this.serverUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${this.databaseName} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${this.databaseName}`);
    });
    const dataDir = await mkdtemp(join(tmpdir(), `${this.databaseName}-`));
    this.#dataDir = dataDir;
    this.shops = await Promise.all(
      Array.from({ length: count }, async (_, n) => {
        const port = await freePort();
        const folder = join(dataDir, String(n));
        const shop = spawnShop({
          DATABASE_URL: this.databaseUrl,
          PORT: String(port),
          DATA_DIR: folder,
          STOREFRONT_DIST: join(folder, 'no-storefront'),
        });
        return { ...shop, baseUrl: `http://127.0.0.1:${port}` };
      }),
    );
    await Promise.all(this.shops.map(waitHealthy));
    return this.shops;
  }

  /** Stops every shop (SIGTERM, as an operator does, and waits for it to exit), drops the database and the folders. */
  async close(): Promise<void> {
    await Promise.all(
      this.shops.map(async (shop) => {
        if (shop.child.exitCode !== null || shop.child.signalCode !== null) return;
        shop.child.kill('SIGTERM');
        await shop.exited;
      }),
    );
    await admin(this.serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${this.databaseName} WITH (FORCE)`));
    if (this.#dataDir) await rm(this.#dataDir, { recursive: true, force: true });
  }
}

async function waitHealthy(shop: RunningShop): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (shop.child.exitCode !== null) throw new Error(`a shop process exited:\n${shop.log()}`);
    const ok = await fetch(`${shop.baseUrl}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`a shop process never became healthy:\n${shop.log()}`);
}
