import { productPathSegment } from '@kapaas/contract';
import { asc, eq, funnelCounts, orders, products, shopSettings, sql } from '@kapaas/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { builtStorefront, startTestShop, type TestShop } from '../../../test/shop';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { rowsOf } from '../../lib/person';
import { adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { Funnel } from './funnel';
import { addFunnelCounts } from './funnel.repository';

// The funnel without tracking anyone (ADR 053), through the shop's own requests: a page view, an add-to-cart, a
// checkout started and a paid order each counted once for their product on India's day, and nothing else stored.

let shop: TestShop;
const checkout = checkoutFixtures(() => shop);
const admin = adminFixtures(() => shop);
beforeAll(async () => {
  shop = await startTestShop({ storefrontDist: builtStorefront() });
});
afterAll(async () => {
  await shop?.close();
});
afterEach(() => {
  funnel().now = () => new Date();
});

const CHROME =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** An instant in India's time (UTC+05:30), written out here rather than taken from the code under test. */
const ist = (day: string, time: string) => new Date(`${day}T${time}:00+05:30`);
/** India's day of an instant, computed apart from lib/shop-day. */
const indianDay = (instant: Date) => new Date(instant.getTime() + 330 * 60_000).toISOString().slice(0, 10);

function funnel(app: FastifyInstance = shop.app): Funnel {
  if (!app.funnel) throw new Error('the test shop does not count');
  return app.funnel;
}
/** Sets the funnel's clock: what is counted from now on is counted at `instant`. */
const countAt = (instant: Date) => {
  funnel().now = () => instant;
};

const db = () => shop.database.db;
const zero = { views: 0, addToCarts: 0, checkouts: 0, orders: 0 };

/** The product's stored counts, day by day, after a flush by hand. */
async function countsOf(productId: number) {
  await funnel().flush();
  const rows = await db()
    .select()
    .from(funnelCounts)
    .where(eq(funnelCounts.productId, productId))
    .orderBy(asc(funnelCounts.day));
  return rows.map(({ productId: _, ...row }) => row);
}

async function pageOf(productId: number): Promise<string> {
  const [row] = await db().select({ name: products.name }).from(products).where(eq(products.id, productId));
  if (!row) throw new Error(`no product ${productId}`);
  return `/product-detail/${productPathSegment(productId, row.name)}`;
}

const get = (url: string, headers: Record<string, string>) =>
  shop.app.inject({ method: 'GET', url, headers }).then((answer) => answer.statusCode);

describe('product page views', () => {
  it("counts each visit once, rendered or navigated, on India's day; never a robot, a HEAD, a prefetch or a redirect", async () => {
    const { productId } = await checkout.stockedItem(5);
    const page = await pageOf(productId);
    countAt(ist('2026-11-27', '23:30'));
    expect(await get(page, { 'user-agent': CHROME })).toBe(200);
    countAt(ist('2026-11-28', '00:30'));
    // The same page again, now from the page cache, and a client navigation's data: a view each.
    expect(await get(page, { 'user-agent': CHROME })).toBe(200);
    expect(await get(`${page}.data`, { 'user-agent': CHROME })).toBe(200);

    expect(await get(page, { 'user-agent': GOOGLEBOT })).toBe(200);
    expect(await get(page, { 'user-agent': 'facebookexternalhit/1.1' })).toBe(200);
    expect(await get(page, {})).toBe(200);
    expect(await get(page, { 'user-agent': CHROME, 'sec-purpose': 'prefetch' })).toBe(200);
    expect(await get(page, { 'user-agent': CHROME, purpose: 'prefetch' })).toBe(200);
    const head = await shop.app.inject({ method: 'HEAD', url: page, headers: { 'user-agent': CHROME } });
    expect(head.statusCode).toBe(200);
    expect(await get(`/product-detail/${productId}`, { 'user-agent': CHROME })).toBe(301);
    // The catalogue call itself is not a page view: search results and the return form ask it for other products.
    expect((await shop.post('product_detail', { product_id: productId })).statusCode).toBe(200);

    expect(await countsOf(productId)).toEqual([
      { ...zero, day: '2026-11-27', views: 1 },
      { ...zero, day: '2026-11-28', views: 2 },
    ]);
  });
});

describe('add-to-carts', () => {
  it('counts a line saved, by add_cart or as a logged-out shopper starts as a guest; not one refused', async () => {
    const item = await checkout.stockedItem(2);
    const guest = await shop.guest();
    countAt(ist('2026-11-27', '23:30'));
    await checkout.addToCart(guest, item, 1);
    const refused = await guest.post('add_cart', { product_id: item.productId, size: item.sizeId, quantity: 5 });
    expect(refused.statusCode, refused.body).toBe(409);
    countAt(ist('2026-11-28', '00:30'));
    const started = await shop
      .visitor()
      .post('get_guest_id', { product_id: item.productId, size: item.sizeId, quantity: 1 });
    expect(started.statusCode, started.body).toBe(200);

    expect(await countsOf(item.productId)).toEqual([
      { ...zero, day: '2026-11-27', addToCarts: 1 },
      { ...zero, day: '2026-11-28', addToCarts: 1 },
    ]);
  });
});

describe('checkouts started and orders paid', () => {
  it('counts an online order placed once (not again when the same purchase is placed again) and paid once', async () => {
    const item = await checkout.stockedItem(5);
    const { shopper, addressId } = await checkout.readyGuest(item, 2);
    countAt(ist('2026-11-27', '23:30'));
    const placed = await checkout.placed(shopper, addressId, item, 2);
    expect((await checkout.placed(shopper, addressId, item, 2)).order_id).toBe(placed.order_id);
    const handler = await checkout.paid(placed.razorpay_order_id);
    expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
    await checkout.webhooksDelivered();
    expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);

    // Paid on the day of its paid_at, as the sales report dates it (the shop's real clock, not the funnel's).
    const { paidAt } = await checkout.orderRow(placed.order_id);
    if (!paidAt) throw new Error('the order was not paid');
    const counts = await countsOf(item.productId);
    const placedDay = counts.find((row) => row.day === '2026-11-27');
    expect(placedDay).toMatchObject({ checkouts: 1 });
    const paidDays = counts.filter((row) => row.orders > 0);
    expect(paidDays).toEqual([expect.objectContaining({ day: indianDay(paidAt), orders: 1 })]);
    expect(counts.reduce((sum, row) => sum + row.checkouts, 0)).toBe(1);
  });

  it('counts a cash-on-delivery order as paid when placed confirmed, or once confirmed; never one cancelled unconfirmed', async () => {
    await db().update(shopSettings).set({ codEnabled: true, codConfirmAbovePaise: null }).where(eq(shopSettings.id, 1));
    const confirmed = await codOrder(ist('2026-11-27', '23:30'));
    expect(await countsOf(confirmed.productId)).toEqual([
      { ...zero, day: '2026-11-27', addToCarts: 1, checkouts: 1, orders: 1 },
    ]);

    await db().update(shopSettings).set({ codConfirmAbovePaise: 0 }).where(eq(shopSettings.id, 1));
    const waiting = await codOrder(ist('2026-11-28', '00:30'));
    const dropped = await codOrder(ist('2026-11-28', '00:30'));
    expect(await countsOf(waiting.productId)).toEqual([{ ...zero, day: '2026-11-28', addToCarts: 1, checkouts: 1 }]);
    const owner = await admin.owner();
    expectStatus(await owner.post(`/orders/${waiting.orderId}/status`, { status: 'cod_confirmed' }), 200);
    expectStatus(await owner.post(`/orders/${dropped.orderId}/status`, { status: 'cancelled' }), 200);
    // Confirmed later, it is sold on the day it was placed (created_at), as the sales report dates it.
    const [row] = await db().select({ createdAt: orders.createdAt }).from(orders).where(eq(orders.id, waiting.orderId));
    const counts = await countsOf(waiting.productId);
    expect(counts.reduce((sum, day) => sum + day.orders, 0)).toBe(1);
    expect(counts.find((day) => day.orders > 0)?.day).toBe(indianDay(row?.createdAt ?? new Date(0)));
    expect((await countsOf(dropped.productId)).map((day) => [day.checkouts, day.orders])).toEqual([[1, 0]]);
    await db().update(shopSettings).set({ codConfirmAbovePaise: null }).where(eq(shopSettings.id, 1));
  });
});

/** A guest's cash-on-delivery order of a fresh product, placed with the funnel's clock at `at`. */
async function codOrder(at: Date) {
  const item = await checkout.stockedItem(40);
  const quantity = Math.ceil(29_900 / item.unitPaise);
  countAt(at);
  const { shopper, addressId } = await checkout.readyGuest(item, quantity);
  const placed = await checkout.place(shopper, addressId, [{ item, quantity }], { payment_method: 'cod' });
  expect(placed.statusCode, placed.body).toBe(200);
  return { productId: item.productId, orderId: placed.json().order_id as number };
}

describe('what is stored, and how', () => {
  it('stores counts alone: no cookie, identifier, address or user agent has a column', async () => {
    const columns = rowsOf<{ column_name: string }>(
      await db().execute(
        sql`SELECT column_name FROM information_schema.columns WHERE table_name = 'funnel_counts' ORDER BY ordinal_position`,
      ),
    ).map((row) => row.column_name);
    expect(columns).toEqual(['product_id', 'day', 'views', 'add_to_carts', 'checkouts', 'orders']);
  });

  it('adds the flushes of two app instances on one database, made at once, to each other', async () => {
    const { productId } = await checkout.stockedItem(5);
    const second = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: shop.database,
      mediaDir: shop.mediaDir,
      privateDir: shop.privateDir,
      expirySweepMs: 0,
      mailSweepMs: 0,
      scheduledMessagesMs: 0,
      photoSweepMs: 0,
      funnelFlushMs: 0,
    });
    try {
      const day = ist('2026-11-27', '12:00');
      for (let i = 0; i < 3; i++) funnel().count('views', [productId], day);
      for (let i = 0; i < 2; i++) funnel(second).count('views', [productId], day);
      funnel(second).count('add_to_carts', [productId], day);
      await Promise.all([funnel().flush(), funnel(second).flush()]);
      funnel().count('views', [productId], day);
      funnel(second).count('checkouts', [productId], day);
      await Promise.all([funnel(second).flush(), funnel().flush()]);
    } finally {
      await second.close();
    }
    expect(await countsOf(productId)).toEqual([
      { day: '2026-11-27', views: 6, addToCarts: 1, checkouts: 1, orders: 0 },
    ]);
  });

  it('keeps the counts of a failed flush for the next, and leaves out a product deleted since it was counted', async () => {
    const { productId } = await checkout.stockedItem(5);
    const day = ist('2026-11-27', '12:00');
    funnel().count('views', [productId, 2_000_000_000], day);
    await db().execute(sql`ALTER TABLE funnel_counts RENAME TO funnel_counts_away`);
    try {
      await expect(funnel().flush()).rejects.toThrow();
      expect(funnel().pending).toBe(2);
      funnel().count('views', [productId], day);
    } finally {
      await db().execute(sql`ALTER TABLE funnel_counts_away RENAME TO funnel_counts`);
    }
    expect(await countsOf(productId)).toEqual([{ ...zero, day: '2026-11-27', views: 2 }]);
    expect(funnel().pending).toBe(0);
    const unknown = await db().select().from(funnelCounts).where(eq(funnelCounts.productId, 2_000_000_000));
    expect(unknown).toEqual([]);
  });

  it('holds at most maxKeys product-days: a new one beyond is dropped and said so, the ones held keep counting', async () => {
    const [a, b, c] = [await checkout.stockedItem(1), await checkout.stockedItem(1), await checkout.stockedItem(1)];
    if (!a || !b || !c) throw new Error('no products');
    const small = new Funnel({ write: (rows) => addFunnelCounts(db(), rows), maxKeys: 2 });
    const day = ist('2026-11-27', '12:00');
    small.count('views', [a.productId, b.productId], day);
    small.count('views', [c.productId, a.productId], day);
    expect(small.pending).toBe(2);
    expect(small.dropped).toBe(1);
    expect(await small.flush()).toBe(2);
    const stored = await db()
      .select({ productId: funnelCounts.productId, views: funnelCounts.views })
      .from(funnelCounts)
      .where(sql`${funnelCounts.productId} IN (${a.productId}, ${b.productId}, ${c.productId})`)
      .orderBy(asc(funnelCounts.productId));
    expect(stored).toEqual(
      [
        { productId: a.productId, views: 2 },
        { productId: b.productId, views: 1 },
      ].sort((x, y) => x.productId - y.productId),
    );
  });
});
