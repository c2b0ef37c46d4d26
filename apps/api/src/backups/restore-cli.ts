import { resolve } from 'node:path';
import { BackupError, restorePglite, restorePostgres } from './backups';

/**
 * `npm run restore -- FILE`: loads a backup written by `npm run backup` into an empty DATA_DIR
 * (embedded) or an empty database (DATABASE_URL), and refuses any other target (ADR 017).
 */
const [file] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL || undefined;

if (!file) {
  console.error('Usage: npm run restore -- FILE (into DATABASE_URL when set, else into DATA_DIR)');
  process.exitCode = 2;
} else {
  try {
    if (databaseUrl) {
      const orders = await restorePostgres(resolve(file), databaseUrl);
      console.log(`Restored ${file} into the PostgreSQL database: ${orders} orders`);
    } else {
      const dataDir = resolve(process.env.DATA_DIR || './data');
      const orders = await restorePglite(resolve(file), dataDir);
      console.log(`Restored ${file} into ${dataDir}: ${orders} orders`);
    }
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
