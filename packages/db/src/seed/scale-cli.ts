/**
 * `npm run seed:scale -- --products 50000 [--seed 42]`: migrates the configured database, seeds
 * the demo shop into an empty one, then adds that many generated products. Uses DATABASE_URL,
 * else the embedded database under DATA_DIR; stop the shop first on the embedded database.
 */
import { parseArgs } from 'node:util';
import { STARTUP_LOCK } from '../migrate';
import { prepareDatabase } from '../prepare';
import { openConfiguredDatabase } from './configured';
import { seedScale } from './scale';

function wholeNumber(name: string, value: string | undefined, fallback?: number): number {
  if (value === undefined && fallback !== undefined) return fallback;
  const parsed = Number(value);
  if (value === undefined || !Number.isSafeInteger(parsed) || parsed < 0) {
    console.error(`--${name} takes a whole number (got ${value ?? 'nothing'})`);
    console.error('Usage: npm run seed:scale -- --products 50000 [--seed 42]');
    process.exit(2);
  }
  return parsed;
}

const { values } = parseArgs({ options: { products: { type: 'string' }, seed: { type: 'string' } } });
const products = wholeNumber('products', values.products);
const seed = wholeNumber('seed', values.seed, 42);

const { handle, name } = await openConfiguredDatabase();
try {
  const { seeded } = await prepareDatabase(handle, { seedDemo: true });
  if (seeded) console.log('Empty database: seeded the demo shop first.');
  const result = await handle.withAdvisoryLock(STARTUP_LOCK, () => seedScale(handle.db, { products, seed }));
  console.log(
    `Added ${result.products} products (seed ${seed}) to the ${name} ` +
      `in ${result.seconds.toFixed(1)} s; about a quarter are in "${result.heavyCategory.name}" ` +
      `(${result.heavyCategory.slug}).`,
  );
} finally {
  await handle.close();
}
