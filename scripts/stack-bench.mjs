#!/usr/bin/env node
// Catalogue and checkout throughput through the stack's proxy (ADR 018). Start the stack first
// (`npm run stack -- --processes N`), then:
//
//   node scripts/stack-bench.mjs [--site http://localhost:8080] [--stack-dir data/stack]
//                                [--seconds 10] [--connections 16] [--shoppers 8] [--runs 3]
//
// Catalogue: autocannon on category_product_list and product_detail. Checkout: `--shoppers`
// guests each placing and paying orders (add_cart, order_place, sandbox payment, confirmation)
// one after another for `--seconds`. Gives one size of one product plenty of stock first (in the
// stack's database), so that no run ends for want of stock. Prints one line a run and the median.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const { values } = parseArgs({
  options: {
    site: { type: 'string', default: 'http://localhost:8080' },
    'stack-dir': { type: 'string', default: 'data/stack' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    shoppers: { type: 'string', default: '8' },
    runs: { type: 'string', default: '3' },
  },
});
const site = values.site;
const seconds = Number(values.seconds);
const runs = Number(values.runs);
const stackDir = resolve(values['stack-dir']);

async function post(path, body, cookie) {
  const response = await fetch(`${site}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
  const session = response.headers.getSetCookie().find((c) => c.startsWith('kapaas_session='));
  const answer = await response.json();
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
  return { answer, cookie: session ? session.split(';')[0] : cookie };
}

const median = (numbers) => [...numbers].sort((a, b) => a - b)[Math.floor(numbers.length / 2)];

const list = (await post('/api/category_product_list', { category_id: 1 })).answer;
const productId = list.product[0].product_id;
const sizeId = (await post('/api/product_detail', { product_id: productId })).answer.products.sizes[0].size_id;
const { postgres } = JSON.parse(readFileSync(join(stackDir, 'stack.json'), 'utf8'));
const secrets = JSON.parse(readFileSync(join(stackDir, 'secrets.json'), 'utf8'));
const psql = spawnSync(
  'psql',
  [
    `postgres://kapaas:${secrets.kapaas}@127.0.0.1:${postgres.port}/kapaas`,
    '-v',
    'ON_ERROR_STOP=1',
    '-c',
    `UPDATE product_sizes SET stock = 1000000, reserved = 0 WHERE product_id = ${productId}`,
    '-c',
    "SELECT pg_notify('kapaas_catalogue', 'bench')",
  ],
  { encoding: 'utf8' },
);
if (psql.status !== 0) throw new Error(`could not give the product stock: ${psql.stderr}`);
await new Promise((r) => setTimeout(r, 1000));

async function catalogue(endpoint, body) {
  const result = await autocannon({
    url: `${site}/api/${endpoint}`,
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    connections: Number(values.connections),
    duration: seconds,
  });
  const bad = result.non2xx + result.errors;
  return { perSecond: result.requests.average, p99: result.latency.p99, bad };
}

/** The same guests for every run: the shop allows 30 new guests an hour from one address. */
const guests = [];
async function guest(n) {
  if (guests[n]) return guests[n];
  const { cookie } = await post('/api/get_guest_id', {});
  const address = await post(
    '/api/add_address',
    {
      first_name: 'Asha',
      last_name: 'Menon',
      address: '14 Lake View Road',
      state: 1,
      city: 1,
      pin_code: '520001',
      email_id: 'asha@example.in',
      phone_number: '9847012345',
    },
    cookie,
  );
  guests[n] = { cookie: address.cookie, addressId: address.answer.address_id };
  return guests[n];
}

async function checkout() {
  let orders = 0;
  let failures = 0;
  const took = [];
  const until = Date.now() + seconds * 1000;
  async function shopper(n) {
    const { cookie, addressId } = await guest(n);
    while (Date.now() < until) {
      const started = performance.now();
      try {
        await post('/api/add_cart', { product_id: productId, size: sizeId, quantity: 1 }, cookie);
        const placed = (
          await post(
            '/api/order_place',
            {
              address_id: addressId,
              product_details: [{ product_id: productId, size: sizeId, quantity: 1 }],
            },
            cookie,
          )
        ).answer;
        const handler = (
          await post('/sandbox/razorpay/test/pay', {
            order_id: placed.razorpay_order_id,
            card_number: '4111111111111111',
          })
        ).answer;
        await post(
          '/api/order_place',
          {
            order_id: placed.order_id,
            payment_id: handler.razorpay_payment_id,
            razorpay_order_id: handler.razorpay_order_id,
            razorpay_signature: handler.razorpay_signature,
          },
          cookie,
        );
        orders += 1;
        took.push(performance.now() - started);
      } catch (error) {
        failures += 1;
        if (failures === 1) console.error(String(error));
      }
    }
  }
  await Promise.all(Array.from({ length: Number(values.shoppers) }, (_, n) => shopper(n)));
  return {
    perSecond: orders / seconds,
    p99: took.sort((a, b) => a - b)[Math.floor(took.length * 0.99)] ?? 0,
    bad: failures,
  };
}

await Promise.all(Array.from({ length: Number(values.shoppers) }, (_, n) => guest(n)));
const rows = {
  'category_product_list (req/s)': () => catalogue('category_product_list', { category_id: 1 }),
  'product_detail (req/s)': () => catalogue('product_detail', { product_id: productId }),
  'checkout (orders/s)': checkout,
};
console.log(
  `${site}: ${seconds} s a run, ${runs} runs; ${values.connections} connections, ${values.shoppers} shoppers`,
);
for (const [name, run] of Object.entries(rows)) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const result = await run();
    results.push(result);
    console.log(
      `  ${name} run ${i + 1}: ${result.perSecond.toFixed(1)}/s, p99 ${Math.round(result.p99)} ms, failed ${result.bad}`,
    );
  }
  console.log(`${name}: median ${median(results.map((r) => r.perSecond)).toFixed(1)}/s`);
}
