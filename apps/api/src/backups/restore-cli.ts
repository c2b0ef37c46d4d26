import { resolve } from 'node:path';
import { restore } from './backup-file';
import { BackupError } from './backups';

/**
 * `npm run restore -- FILE`: loads a backup written by `npm run backup` into an empty database
 * (DATABASE_URL when set, else DATA_DIR's embedded one) and its pictures into an empty DATA_DIR, and
 * refuses any other target (ADR 017, ADR 037).
 */
const [file] = process.argv.slice(2);
const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = resolve(process.env.DATA_DIR || './data');

if (!file) {
  console.error('Usage: npm run restore -- FILE (into DATABASE_URL when set, else into DATA_DIR)');
  process.exitCode = 2;
} else {
  try {
    const { orders, pictures } = await restore(resolve(file), { dataDir, ...(databaseUrl ? { databaseUrl } : {}) });
    const where = databaseUrl ? 'the PostgreSQL database' : dataDir;
    console.log(
      pictures
        ? `Restored ${file} into ${where}: ${orders} orders, and ${pictures.files} picture files into ${dataDir}`
        : `Restored ${file} into ${where}: ${orders} orders. It was written before backups held the pictures: copy DATA_DIR/media from where it was kept.`,
    );
  } catch (error) {
    if (!(error instanceof BackupError)) throw error;
    console.error(error.message);
    process.exitCode = 1;
  }
}
