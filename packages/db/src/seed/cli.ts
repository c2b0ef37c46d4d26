/**
 * `npm run db:seed`: migrates the configured database and inserts whatever of the demo shop is
 * missing (it never overwrites). Uses DATABASE_URL, else the embedded database under DATA_DIR;
 * stop the shop first when it runs on the embedded database, which one process opens at a time.
 */
import { prepareDatabase } from '../prepare';
import { seedDemoShop } from '.';
import { openConfiguredDatabase } from './configured';

const { handle, name } = await openConfiguredDatabase();
try {
  await prepareDatabase(handle, { seedDemo: false });
  await handle.withAdvisoryLock('kapaas:startup', () => seedDemoShop(handle.db));
  console.log(`Demo shop seeded (${name}).`);
} finally {
  await handle.close();
}
