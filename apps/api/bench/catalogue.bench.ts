/**
 * Catalogue read throughput, measured against two references in the same run:
 * - baseline: a route answering a fixed JSON body (the ceiling of this machine right now);
 * - database: a route doing one primary-key select per request (what the read model avoids).
 * Target: catalogue calls serve at least half the baseline's requests per second, also while a
 * shopper checks out and pays in a loop in the same process (every order placed and every order
 * paid changes stock, so the in-memory catalogue is rebuilt twice per order).
 * Run with `npm run bench`; BENCH_SECONDS and BENCH_CONNECTIONS tune it.
 */
import { and, eq, openDatabase, prepareDatabase, productSizes, products } from '@kapaas/db';
import autocannon from 'autocannon';
import Fastify from 'fastify';
import { shop } from '../src/app';
import { loadConfig } from '../src/config';
import { SESSION_COOKIE } from '../src/plugins/sessions';

const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
const TARGET_RATIO = 0.5;
/** How often the checking-out shopper starts an order: one a second is 3,600 an hour. */
const orderEveryMs = Number(process.env.BENCH_ORDER_EVERY_MS ?? 1000);

const database = await openDatabase({ kind: 'pglite' });
await prepareDatabase(database, { seedDemo: true });
const [first] = await database.db.select().from(products).limit(1);
if (!first) throw new Error('no products seeded');
const product = first;

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

/** One shopper buying and paying for the product again and again, through the real calls, until stopped. */
async function checkoutLoop(isDone: () => boolean): Promise<number> {
  const [size] = await database.db.select().from(productSizes).where(eq(productSizes.productId, product.id));
  if (!size) throw new Error('the product has no sizes');
  await database.db
    .update(productSizes)
    .set({ stock: 1_000_000 })
    .where(and(eq(productSizes.productId, product.id), eq(productSizes.sizeId, size.sizeId)));
  let cookie = '';
  const call = async <T>(url: string, payload: unknown): Promise<T> => {
    const response = await app.inject({ method: 'POST', url, payload: payload as object, headers: { cookie } });
    const session = response.cookies.find((c) => c.name === SESSION_COOKIE);
    if (session) cookie = `${session.name}=${session.value}`;
    if (response.statusCode !== 200) throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response.json() as T;
  };
  await call('/api/get_guest_id', {});
  const { address_id } = await call<{ address_id: number }>('/api/add_address', {
    first_name: 'Asha',
    last_name: 'Menon',
    address: '14 Lake View Road',
    state: 1,
    city: 1,
    pin_code: '520001',
    email_id: 'asha@example.in',
    phone_number: '9847012345',
  });
  let paid = 0;
  while (!isDone()) {
    const next = Date.now() + orderEveryMs;
    const line = { product_id: product.id, size: size.sizeId, quantity: 1 };
    await call('/api/add_cart', line);
    const order = await call<{ order_id: number; razorpay_order_id: string }>('/api/order_place', {
      address_id,
      product_details: [line],
    });
    const handler = await call<{ razorpay_payment_id: string; razorpay_signature: string }>(
      '/sandbox/razorpay/test/pay',
      { order_id: order.razorpay_order_id, card_number: '4111111111111111' },
    );
    await call('/api/order_place', {
      order_id: order.order_id,
      payment_id: handler.razorpay_payment_id,
      razorpay_order_id: order.razorpay_order_id,
      razorpay_signature: handler.razorpay_signature,
    });
    paid += 1;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, next - Date.now())));
  }
  return paid;
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

// Browsing while a shopper checks out.
let measuring = true;
const started = Date.now();
const buying = checkoutLoop(() => !measuring);
rows.push([
  `product_detail, an order every ${orderEveryMs} ms`,
  await measure('/api/product_detail', { product_id: product.id }),
]);
measuring = false;
const paidOrders = await buying;
const ordersPerSecond = paidOrders / ((Date.now() - started) / 1000);

const baseline = rows[0]?.[1] ?? 1;
console.log(`\n${connections} connections, ${seconds} s each, one process on this machine\n`);
console.log('route'.padEnd(42), 'req/s'.padStart(9), 'ratio to baseline'.padStart(19));
let failed = false;
for (const [name, rps] of rows) {
  const ratio = rps / baseline;
  const isCatalogue = !name.startsWith('baseline') && !name.startsWith('database');
  const verdict = isCatalogue ? (ratio >= TARGET_RATIO ? 'ok' : 'BELOW TARGET') : '';
  if (verdict === 'BELOW TARGET') failed = true;
  console.log(name.padEnd(42), rps.toFixed(0).padStart(9), ratio.toFixed(2).padStart(19), verdict);
}
console.log(`\nmeanwhile one shopper placed and paid ${paidOrders} orders (${ordersPerSecond.toFixed(1)} a second)`);
console.log(`target: every catalogue call >= ${TARGET_RATIO} x baseline`);
await app.close();
await database.close();
process.exit(failed ? 1 : 0);
