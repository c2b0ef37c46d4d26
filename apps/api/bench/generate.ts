/**
 * Child process of the benchmark: migrates a fresh DATA_DIR, seeds the demo shop, adds `products`
 * generated products with `seed`, closes the database and prints one JSON line with what it did.
 * Usage: `tsx apps/api/bench/generate.ts <dataDir> <products> <seed>`.
 */
import { join } from 'node:path';
import { openDatabase, prepareDatabase } from '@kapaas/db';
import { seedScale } from '@kapaas/db/seed';

const [dataDir, products, seed] = process.argv.slice(2);
if (!dataDir || !products || !seed) throw new Error('usage: generate.ts <dataDir> <products> <seed>');
const began = performance.now();
const handle = await openDatabase({ kind: 'pglite', dataDir: join(dataDir, 'pglite') });
try {
  await prepareDatabase(handle, { seedDemo: true });
  const added = await seedScale(handle.db, { products: Number(products), seed: Number(seed) });
  const seconds = (performance.now() - began) / 1000;
  console.log(
    `  seedScale added ${added.products} products in ${added.seconds.toFixed(1)} s ` +
      `(${seconds.toFixed(1)} s with the migrations and the demo shop)`,
  );
} finally {
  await handle.close();
}
