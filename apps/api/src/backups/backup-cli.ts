import { join, resolve } from 'node:path';
import { backup } from './backup-file';
import { BackupError } from './backups';

/**
 * `npm run backup -- [FILE]`: one file holding a consistent snapshot of the shop's database, taken
 * while it runs, and the pictures of DATA_DIR/media and DATA_DIR/private (ADR 017, ADR 037). Reads
 * DATA_DIR and DATABASE_URL as the shop does; FILE defaults to backups/kapaas-<UTC time>.tar.
 */
const dataDir = resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const file = resolve(process.argv[2] ?? join('backups', `kapaas-${stamp}.tar`));

try {
  const { database, pictures } = await backup({ dataDir, ...(databaseUrl ? { databaseUrl } : {}) }, file);
  const what = databaseUrl ? 'the PostgreSQL database' : `the embedded database of ${dataDir} (${database})`;
  const megabytes = (pictures.bytes / 1_000_000).toFixed(1);
  console.log(`Backed up ${what} and ${pictures.files} picture files (${megabytes} MB) of ${dataDir} to ${file}`);
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
