/**
 * Catalogue read throughput, measured against two references in the same run:
 * - baseline: a route answering a fixed JSON body (the ceiling of this machine right now);
 * - database: a route doing one primary-key select per request (what the read model avoids).
 * Target: catalogue calls serve at least half the baseline's requests per second.
 * Run with `npm run bench`; BENCH_SECONDS and BENCH_CONNECTIONS tune it.
 */
import { eq, openDatabase, prepareDatabase, products } from '@kapaas/db';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { shop } from '../src/app';
import { loadConfig } from '../src/config';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_RATIO = 0.5;

const database = await openDatabase({ kind: 'pglite' });
await prepareDatabase(database, { seedDemo: true });
const [product] = await database.db.select().from(products).limit(1);
if (!product) throw new Error('no products seeded');

const app = Fastify({ logger: false });
await app.register(shop, {
  config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
  database,
  mediaDir: '/tmp/kapaas-bench-media',
});
app.post('/bench/baseline', async () => ({ success: true, message: 'ok' }));
app.post('/bench/database', async () => {
  const [row] = await database.db.select().from(products).where(eq(products.id, product.id));
  return { success: true, name: row?.name };
});
const address = await app.listen({ port: 0, host: '127.0.0.1' });

async function measure(path: string, body: unknown, duration = seconds): Promise<number> {
  const result = await autocannon({
    url: `${address}${path}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections,
    duration,
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${path}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

const rows: [string, number][] = [];
const routes = [
  ['baseline (fixed JSON)', '/bench/baseline', {}],
  ['database (1 select per request)', '/bench/database', {}],
  ['category_list', '/api/category_list', {}],
  ['featured_product_list', '/api/featured_product_list', {}],
  ['product_detail', '/api/product_detail', { product_id: product.id }],
  ['category_product_list', '/api/category_product_list', { category_id: product.categoryId }],
  ['search_key_word', '/api/search_key_word', { key_word: 'mulmul' }],
  ['filter', '/api/filter', { category_id: [product.categoryId], size_id: '', print_id: '', gender_id: '' }],
  ['sort_filter', '/api/sort_filter', { category_id: product.categoryId, sort_id: 2 }],
] as const;
// A short warm-up of every route first, so that the JIT does not favour whichever runs last.
for (const [, path, body] of routes) await measure(path, body, 1);
for (const [name, path, body] of routes) rows.push([name, await measure(path, body)]);

const baseline = rows[0]?.[1] ?? 1;
console.log(`\n${connections} connections, ${seconds} s each, one process on this machine\n`);
console.log('route'.padEnd(34), 'req/s'.padStart(9), 'ratio to baseline'.padStart(19));
let failed = false;
for (const [name, rps] of rows) {
  const ratio = rps / baseline;
  const isCatalogue = !name.startsWith('baseline') && !name.startsWith('database');
  const verdict = isCatalogue ? (ratio >= TARGET_RATIO ? 'ok' : 'BELOW TARGET') : '';
  if (verdict === 'BELOW TARGET') failed = true;
  console.log(name.padEnd(34), rps.toFixed(0).padStart(9), ratio.toFixed(2).padStart(19), verdict);
}
console.log(`\ntarget: every catalogue call >= ${TARGET_RATIO} x baseline`);
await app.close();
await database.close();
process.exit(failed ? 1 : 0);
