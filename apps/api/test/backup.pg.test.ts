import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { admin, withDatabase } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupUnderLoad } from './backup-flow';

/** Runs only on PostgreSQL (CI's second pass): the source and the target are two new databases on that server. */
const serverUrl = process.env.DATABASE_URL ?? '';
const source = `kapaas_backup_from_${process.pid}`;
const target = `kapaas_backup_into_${process.pid}`;

describe('npm run backup and npm run restore on PostgreSQL', { timeout: 600_000 }, () => {
  const dropBoth = () =>
    admin(serverUrl, async (client) => {
      for (const name of [source, target]) await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    });
  beforeAll(async () => {
    await dropBoth();
    await admin(serverUrl, async (client) => {
      for (const name of [source, target]) await client.query(`CREATE DATABASE ${name}`);
    });
  });
  afterAll(dropBoth);

  it('dumps a running shop under checkout load, restores into an empty database, and keeps every paid order', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'kapaas-backup-'));
    try {
      const file = join(folder, 'shop.tar');
      const result = await backupUnderLoad(
        { DATA_DIR: join(folder, 'a'), DATABASE_URL: withDatabase(serverUrl, source) },
        { DATA_DIR: join(folder, 'b'), DATABASE_URL: withDatabase(serverUrl, target) },
        file,
      );
      expect(result.load.failures).toEqual([]);
      expect(result.backup).toMatchObject({ code: 0, stderr: '' });
      expect(result.during, 'shoppers were answered while the backup ran').toBeGreaterThan(0);
      expect(result.restored).toMatchObject({ code: 0, stderr: '' });
      expect(result.again.code).toBe(1);
      expect(result.again.stderr).toMatch(/restore into an empty database/);
      expect(result.paidBefore.length).toBeGreaterThanOrEqual(3);
      expect([...result.statuses.values()]).toEqual(result.paidBefore.map(() => 'paid'));
      // The picture uploaded through the console before the backup is the restored product's, and is served.
      expect(result.picture.shown.path).toBe(result.picture.uploaded.path);
      expect(result.picture.shown.status).toBe(200);
      expect(result.picture.shown.bytes.equals(result.picture.uploaded.bytes)).toBe(true);
      // And a shopper's private photo, kept outside /media/, is back where the shop keeps it.
      expect(result.privatePhotos.restored?.toString()).toBe(result.privatePhotos.written.toString());
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });
});
