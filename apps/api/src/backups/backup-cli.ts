import { join, resolve } from 'node:path';
import { BackupError, backupPglite, backupPostgres } from './backups';

/**
 * `npm run backup -- [FILE]`: a consistent snapshot of the shop's database, taken while it runs
 * (ADR 017). Reads DATA_DIR and DATABASE_URL as the shop does; FILE defaults to
 * backups/kapaas-<UTC time>.tar.gz (embedded) or .pgdump (PostgreSQL).
 */
const dataDir = resolve(process.env.DATA_DIR || './data');
const databaseUrl = process.env.DATABASE_URL || undefined;
const stamp = new Date().toISOString().slice(0, 19).replace(/[-:]/g, '').replace('T', '-');
const file = resolve(process.argv[2] ?? join('backups', `kapaas-${stamp}.${databaseUrl ? 'pgdump' : 'tar.gz'}`));

try {
  if (databaseUrl) {
    await backupPostgres(databaseUrl, file);
    console.log(`Backed up the PostgreSQL database to ${file}`);
  } else {
    const from = await backupPglite(dataDir, file);
    console.log(`Backed up the embedded database of ${dataDir} (${from}) to ${file}`);
  }
} catch (error) {
  if (!(error instanceof BackupError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
