import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort, listeningAt, type ShopProcess, spawnShop, stopShop } from './shop-process';

/**
 * Runs with the PostgreSQL tests (DATABASE_URL set), on a throwaway cluster of its own, since it
 * restarts the server: PostgreSQL's binaries from PG_BIN, or the newest under /usr/lib/postgresql.
 */
function postgresBin(): string | undefined {
  if (process.env.PG_BIN) return existsSync(join(process.env.PG_BIN, 'pg_ctl')) ? process.env.PG_BIN : undefined;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : undefined;
}
const bin = postgresBin();
if (!bin) console.warn('postgres-restart.pg.test.ts skipped: no pg_ctl (set PG_BIN to PostgreSQL bin folder)');

/** A PostgreSQL cluster in a temporary folder; as root, its commands run as the postgres user (initdb refuses root). */
class ThrowawayCluster {
  readonly dir = mkdtempSync(join(tmpdir(), 'kapaas-pg-restart-'));
  port = 0;
  constructor(private readonly bin: string) {
    if (process.getuid?.() === 0) execFileSync('chown', ['postgres', this.dir]);
  }
  get url() {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }
  #run(command: string, args: string[]) {
    const asRoot = process.getuid?.() === 0;
    const file = asRoot ? 'runuser' : join(this.bin, command);
    execFileSync(file, asRoot ? ['-u', 'postgres', '--', join(this.bin, command), ...args] : args, {
      stdio: 'pipe',
    });
  }
  async init() {
    this.port = await freePort();
    this.#run('initdb', ['-D', join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres']);
    this.start();
  }
  start() {
    this.#run('pg_ctl', [
      '-D',
      join(this.dir, 'data'),
      '-l',
      join(this.dir, 'log'),
      '-w',
      '-o',
      `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      'start',
    ]);
  }
  stop() {
    this.#run('pg_ctl', ['-D', join(this.dir, 'data'), '-m', 'fast', '-w', 'stop']);
  }
  destroy() {
    try {
      this.stop();
    } catch {
      // Already stopped.
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

// biome-ignore lint/suspicious/noExplicitAny: the test reads answers it checks field by field
async function call(address: string, endpoint: string, body: unknown = {}): Promise<any> {
  const response = await fetch(`${address}/api/${endpoint}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return response.json();
}

async function until(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe.skipIf(!bin)('two shop processes while PostgreSQL restarts', { timeout: 180_000 }, () => {
  let cluster: ThrowawayCluster;
  let dataDir: string;
  const shops: ShopProcess[] = [];
  const addresses: string[] = [];

  beforeAll(async () => {
    cluster = new ThrowawayCluster(bin as string);
    await cluster.init();
    dataDir = mkdtempSync(join(tmpdir(), 'kapaas-pg-restart-shops-'));
    for (const name of ['a', 'b']) {
      shops.push(spawnShop({ DATABASE_URL: cluster.url, DATA_DIR: join(dataDir, name) }));
    }
    addresses.push(...(await Promise.all(shops.map((shop) => listeningAt(shop)))));
  });

  afterAll(async () => {
    await Promise.all(shops.map(stopShop));
    cluster?.destroy();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('rebuilds once when its LISTEN connection comes back, since notices were missed meanwhile', async () => {
    const [, b] = addresses as [string, string];
    const productId: number = (await call(b, 'category_product_list', { category_id: 1 })).product[0].product_id;
    const listening = shops[1]?.log().match(/listening again for notices/g)?.length ?? 0;
    await admin(cluster.url, async (client) => {
      // Cut the listeners' connections, then change a product without any notice: only a rebuild shows it.
      await client.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE query LIKE 'LISTEN %' AND pid <> pg_backend_pid()",
      );
      await client.query("UPDATE products SET name = 'Renamed while nobody listened' WHERE id = $1", [productId]);
    });
    await until(
      () => (shops[1]?.log().match(/listening again for notices/g)?.length ?? 0) > listening,
      'process B to listen again',
    );
    await until(
      async () =>
        (await call(b, 'product_detail', { product_id: productId })).products.name === 'Renamed while nobody listened',
      "process B's catalogue to show the change",
      5_000,
    );
  });

  it("shows an admin's price change made in one process on the other within 1 s after PostgreSQL restarted", async () => {
    const [a, b] = addresses as [string, string];
    const listening = shops[1]?.log().match(/listening again for notices/g)?.length ?? 0;
    cluster.stop();
    // While the server is down, calls that need it say "try again shortly", not "broken".
    const down = await fetch(`${a}/api/state_list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect({ status: down.status, retryAfter: down.headers.get('retry-after') }).toEqual({
      status: 503,
      retryAfter: expect.stringMatching(/^\d+$/),
    });
    cluster.start();
    await until(
      () => (shops[1]?.log().match(/listening again for notices/g)?.length ?? 0) > listening,
      'process B to listen again after the restart',
    );

    const productId: number = (await call(b, 'category_product_list', { category_id: 2 })).product[0].product_id;
    const login = await fetch(`${a}/admin/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@kapaas.local', password: 'kapaas-admin' }),
    });
    expect(login.status, await login.clone().text()).toBe(200);
    const { token } = (await login.json()) as { token: string };
    const changed = await fetch(`${a}/admin/api/products/${productId}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify({ price: 1234, discount_price: null }),
    });
    expect(changed.status, await changed.clone().text()).toBe(200);
    const answeredAt = Date.now();

    let price = 0;
    while (Date.now() - answeredAt < 1_000 && price !== 1234) {
      price = (await call(b, 'product_detail', { product_id: productId })).products.actual_price;
      if (price !== 1234) await new Promise((r) => setTimeout(r, 25));
    }
    console.info(`after the restart, process B showed the new price ${Date.now() - answeredAt} ms after the change`);
    expect(price).toBe(1234);
  });
});
