import { AdminProductAnswer } from '@kapaas/contract';
import { asc, count, eq, products, sandboxShiprocketShipments, sizes, subcategories } from '@kapaas/db';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { type AdminClient, adminFixtures, expectStatus } from './admin.fixtures';

/*
 * SKUs per size (issue 39, ADR 063): the console keeps one per product size, unique across the shop, and an order's
 * lines carry it to the orders CSV, the packing slip, the invoice and the courier.
 */
let shop: TestShop;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
let owner: AdminClient;
let place: { categoryId: number; subcategoryId: number; sizeIds: number[] };

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  const db = shop.database.db;
  const [first] = await db.select().from(subcategories).orderBy(asc(subcategories.id)).limit(1);
  const sizeRows = await db.select().from(sizes).orderBy(asc(sizes.sortOrder)).limit(3);
  if (!first || sizeRows.length < 3) throw new Error('the demo shop lacks subcategories or sizes');
  place = { categoryId: first.categoryId, subcategoryId: first.id, sizeIds: sizeRows.map((s) => s.id) };
});
afterAll(async () => {
  await shop.close();
});

let made = 0;
const sizeAt = (index: number) => place.sizeIds[index] as number;
const newProduct = (sizeList: Record<string, unknown>[]) => {
  made += 1;
  return {
    name: `Mulmul Jhabla SKU ${made}`,
    category_id: place.categoryId,
    subcategory_id: place.subcategoryId,
    price: 899,
    sizes: sizeList,
  };
};
const productCount = async () => (await shop.database.db.select({ n: count() }).from(products))[0]?.n ?? 0;
const skusOf = (product: { sizes: { size_id: number; sku: string | null; stock: number }[] }) =>
  product.sizes.map((s) => [s.size_id, s.sku, s.stock]);

async function pdfText(bytes: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

describe("a size's SKU in the console", () => {
  it('is set on create, answered per size, changed or cleared alone without touching the stock', async () => {
    const created = AdminProductAnswer.parse(
      expectStatus(
        await owner.post(
          '/products',
          newProduct([
            { size_id: sizeAt(0), stock: 5, sku: ' KP-JH-0-3M ' },
            { size_id: sizeAt(1), stock: 2 },
          ]),
        ),
        200,
      ),
    ).data;
    // Trimmed, kept as typed otherwise; a size without one answers null.
    expect(skusOf(created)).toEqual([
      [sizeAt(0), 'KP-JH-0-3M', 5],
      [sizeAt(1), null, 2],
    ]);
    const changed = AdminProductAnswer.parse(
      expectStatus(
        await owner.patch(`/products/${created.id}`, {
          sizes: [
            { size_id: sizeAt(0), sku: null },
            { size_id: sizeAt(1), sku: 'KP/JH.3_6M' },
          ],
        }),
        200,
      ),
    ).data;
    expect(skusOf(changed)).toEqual([
      [sizeAt(0), null, 5],
      [sizeAt(1), 'KP/JH.3_6M', 2],
    ]);
  });

  it('refuses a SKU another size holds with 409 beside that size, a repeat or a bad one with 400, changing nothing', async () => {
    const holder = AdminProductAnswer.parse(
      expectStatus(
        await owner.post('/products', newProduct([{ size_id: sizeAt(0), stock: 1, sku: 'KP-HELD-1' }])),
        200,
      ),
    ).data;
    const before = await productCount();
    const taken = await owner.post(
      '/products',
      newProduct([
        { size_id: sizeAt(0), stock: 3 },
        { size_id: sizeAt(1), stock: 3, sku: 'KP-HELD-1' },
      ]),
    );
    const refused = expectStatus(taken, 409);
    expect(refused.errors?.['sizes.1.sku']?.[0]).toContain('KP-HELD-1');
    expect(refused.errors?.['sizes.1.sku']?.[0]).toContain(holder.name);
    expect(await productCount()).toBe(before);

    // The holder's own other size cannot take it either; its stock stays as it was.
    const own = await owner.patch(`/products/${holder.id}`, {
      sizes: [{ size_id: sizeAt(2), stock: 9, sku: 'KP-HELD-1' }],
    });
    expect(Object.keys(expectStatus(own, 409).errors ?? {})).toEqual(['sizes.0.sku']);
    const after = AdminProductAnswer.parse(expectStatus(await owner.get(`/products/${holder.id}`), 200)).data;
    expect(skusOf(after)).toEqual([[sizeAt(0), 'KP-HELD-1', 1]]);

    // Compared as stored: another case is another SKU.
    expectStatus(
      await owner.patch(`/products/${holder.id}`, { sizes: [{ size_id: sizeAt(1), sku: 'kp-held-1' }] }),
      200,
    );

    const repeated = await owner.post(
      '/products',
      newProduct([
        { size_id: sizeAt(0), stock: 1, sku: 'KP-TWICE' },
        { size_id: sizeAt(1), stock: 1, sku: 'KP-TWICE' },
      ]),
    );
    expect(Object.keys(expectStatus(repeated, 400).errors ?? {})).toContain('sizes.1.sku');
    const bad = await owner.post('/products', newProduct([{ size_id: sizeAt(0), stock: 1, sku: 'KP 1 ✓' }]));
    expect(expectStatus(bad, 400).errors?.['sizes.0.sku']?.[0]).toMatch(/letters, digits/);
    expect(await productCount()).toBe(before);
  });
});

describe("an order line's SKU", () => {
  it('is kept at checkout and shows in the orders CSV, the invoice, the packing slip and the courier order', async () => {
    const item = await checkout.stockedItem(5);
    const sku = `KP-${item.productId}-S${item.sizeId}-ORDER`;
    expectStatus(await owner.patch(`/products/${item.productId}`, { sizes: [{ size_id: item.sizeId, sku }] }), 200);
    const { shopper, addressId } = await checkout.readyGuest(item, 2);
    const placed = await checkout.placed(shopper, addressId, item, 2);
    const handler = await checkout.paid(placed.razorpay_order_id);
    expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
    await checkout.webhooksDelivered();
    const orderId = placed.order_id;
    // A later change of the catalogue's SKU does not rewrite what was sold.
    expectStatus(
      await owner.patch(`/products/${item.productId}`, { sizes: [{ size_id: item.sizeId, sku: 'KP-LATER' }] }),
      200,
    );

    const csv = await owner.get('/orders.csv');
    const rows = parse(csv.body, { columns: true }) as Record<string, string>[];
    const row = rows.find((r) => r.order_id === String(orderId));
    expect(row?.skus).toBe(`${sku} × 2`);

    const invoice = await pdfText((await owner.get(`/orders/${orderId}/invoice.pdf`)).rawPayload);
    expect(invoice.replace(/\s+/g, '')).toContain(`SKU${sku}`.replace(/\s+/g, ''));

    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'packed' }), 200);
    const slip = await owner.post('/orders/print.pdf', { order_ids: [orderId], what: 'slips' });
    expect(slip.statusCode, slip.body.slice(0, 300)).toBe(200);
    expect((await pdfText(slip.rawPayload)).replace(/\s+/g, ' ')).toContain(`SKU ${sku}`);

    expectStatus(await owner.post(`/orders/${orderId}/shipment`, {}), 200);
    const [atCourier] = await shop.database.db
      .select()
      .from(sandboxShiprocketShipments)
      .where(eq(sandboxShiprocketShipments.channelOrderId, `KP-${orderId}`));
    expect(atCourier?.items.map((i) => i.sku)).toEqual([sku]);
  });
});
