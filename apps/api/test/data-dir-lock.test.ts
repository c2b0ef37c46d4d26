import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { listeningAt, type ShopProcess, spawnShop, stopShop } from './shop-process';

/** The embedded database serves one process: a second `npm start` on the same DATA_DIR is refused. */
describe('one DATA_DIR, one shop process', { timeout: 240_000 }, () => {
  const shops: ShopProcess[] = [];
  let dataDir: string;

  afterAll(async () => {
    await Promise.all(shops.map(stopShop));
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('refuses a second process with a clear message, keeps the first serving, and recovers from kill -9', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'kapaas-lock-'));
    const first = spawnShop({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    shops.push(first);
    const address = await listeningAt(first);

    const second = spawnShop({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    shops.push(second);
    const refused = await Promise.race([
      second.exited,
      new Promise<never>((_, fail) =>
        setTimeout(() => fail(new Error(`the second process still runs:\n${second.log()}`)), 90_000),
      ),
    ]);
    expect(refused.code, second.log()).not.toBe(0);
    expect(refused.code).not.toBeNull();
    expect(second.log()).toMatch(/is in use by another shop process \(pid \d+\)/);
    expect(second.log()).not.toContain('Server listening');

    const health = await fetch(`${address}/healthz`);
    expect(health.status).toBe(200);
    const categories = await fetch(`${address}/api/category_list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(categories.status).toBe(200);

    // A process killed outright leaves its lock behind; the next start must not be blocked by it.
    first.child.kill('SIGKILL');
    await first.exited;
    const third = spawnShop({ DATA_DIR: dataDir, SEED_DEMO: 'false' });
    shops.push(third);
    const restarted = await listeningAt(third);
    expect((await fetch(`${restarted}/healthz`)).status).toBe(200);
  });
});
