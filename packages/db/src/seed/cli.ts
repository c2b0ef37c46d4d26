/**
 * `npm run db:seed`: migrates the configured database and inserts whatever of the demo shop is
 * missing (it never overwrites). Uses DATABASE_URL, else the embedded database under DATA_DIR;
 * stop the shop first when it runs on the embedded database, which one process opens at a time.
 */
import { join, resolve } from 'node:path';
import { openDatabase } from '../client';
import { prepareDatabase } from '../prepare';
import { seedDemoShop } from '.';

const url = process.env.DATABASE_URL || undefined;
const handle = await openDatabase(
  url
    ? { kind: 'postgres', url }
    : { kind: 'pglite', dataDir: join(resolve(process.env.DATA_DIR || './data'), 'pglite') },
);
try {
  await prepareDatabase(handle, { seedDemo: false });
  await handle.withAdvisoryLock('kapaas:startup', () => seedDemoShop(handle.db));
  console.log(`Demo shop seeded (${url ? 'PostgreSQL' : 'embedded database'}).`);
} finally {
  await handle.close();
}
