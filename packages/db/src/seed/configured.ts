import { join, resolve } from 'node:path';
import { type DatabaseHandle, openDatabase } from '../client';

/**
 * The database the shop is configured for, as the seeding commands open it: DATABASE_URL, else
 * the embedded database under DATA_DIR (default ./data), which one process opens at a time.
 */
export async function openConfiguredDatabase(): Promise<{ handle: DatabaseHandle; name: string }> {
  const url = process.env.DATABASE_URL || undefined;
  const handle = await openDatabase(
    url
      ? { kind: 'postgres', url }
      : { kind: 'pglite', dataDir: join(resolve(process.env.DATA_DIR || './data'), 'pglite') },
  );
  return { handle, name: url ? 'PostgreSQL' : 'embedded database' };
}
