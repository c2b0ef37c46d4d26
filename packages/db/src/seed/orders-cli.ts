/**
 * `npm run seed:orders -- --orders 100000 [--days 365] [--seed 42]`: adds a generated order history to the configured
 * database's shop (after `seed:scale`, or on the demo shop; an empty database gets the demo shop first). Uses
 * DATABASE_URL, else the embedded database under DATA_DIR; stop the shop first, as for seed:scale. Refuses to run twice
 * on one shop.
 */
import { parseArgs } from 'node:util';
import { STARTUP_LOCK } from '../migrate';
import { prepareDatabase } from '../prepare';
import { openConfiguredDatabase } from './configured';
import { SeedOrdersRefused, seedOrders } from './orders';

const USAGE = 'Usage: npm run seed:orders -- --orders 100000 [--days 365] [--seed 42]';

function wholeNumber(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const parsed = Number(value);
  if (value === undefined || !Number.isSafeInteger(parsed) || parsed < 1) {
    console.error(`--${name} takes a whole number of at least 1 (got ${value ?? 'nothing'})`);
    console.error(USAGE);
    process.exit(2);
  }
  return parsed;
}

const { values } = parseArgs({
  options: { orders: { type: 'string' }, days: { type: 'string' }, seed: { type: 'string' } },
});
const orders = wholeNumber('orders', values.orders);
const days = wholeNumber('days', values.days, 365);
const seed = wholeNumber('seed', values.seed, 42);

const { handle, name } = await openConfiguredDatabase();
try {
  const { seeded } = await prepareDatabase(handle, { seedDemo: true });
  if (seeded) console.log('Empty database: seeded the demo shop first.');
  const result = await handle.withAdvisoryLock(STARTUP_LOCK, () => seedOrders(handle.db, { orders, days, seed }));
  const counts = Object.entries(result.rows)
    .map(([table, n]) => `${table} ${n.toLocaleString('en')}`)
    .join(', ');
  console.log(
    `Added ${orders.toLocaleString('en')} orders over ${days} days (seed ${seed}) to the ${name} ` +
      `in ${result.seconds.toFixed(1)} s: ${counts}.`,
  );
} catch (error) {
  if (!(error instanceof SeedOrdersRefused)) throw error;
  console.error(error.message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
