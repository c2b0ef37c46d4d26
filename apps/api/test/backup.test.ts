import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { backupUnderLoad } from './backup-flow';

describe('npm run backup and npm run restore on the embedded database', { timeout: 600_000 }, () => {
  it('backs up a running shop under checkout load, restores into an empty DATA_DIR, and keeps every paid order', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'kapaas-backup-'));
    try {
      const file = join(folder, 'shop.tar');
      const result = await backupUnderLoad({ DATA_DIR: join(folder, 'a') }, { DATA_DIR: join(folder, 'b') }, file);
      expect(result.load.failures).toEqual([]);
      expect(result.backup).toMatchObject({ code: 0, stderr: '' });
      // Taken by the running shop, the only process that may open its database.
      expect(result.backup.stdout).toContain('(running shop)');
      expect(result.during, 'shoppers were answered while the backup ran').toBeGreaterThan(0);
      expect(result.restored).toMatchObject({ code: 0, stderr: '' });
      expect(result.again.code).toBe(1);
      expect(result.again.stderr).toMatch(/is not empty: restore into an empty DATA_DIR/);
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
