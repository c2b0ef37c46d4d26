import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AdminShipmentAnswer } from '@kapaas/contract';
import { eq, orders } from '@kapaas/db';
import type { LightMyRequestResponse } from 'fastify';
import { PDFDocument } from 'pdf-lib';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_EMAIL, SANDBOX_PASSWORD } from '../../dev/shiprocket-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { packedOrderOfThreeLines } from '../orders/parcel.fixtures';
import { createShiprocketClient } from '../shiprocket/shiprocket.client';

/*
 * The labels and the batch print (issue 33): orders shipped through the built-in Shiprocket sandbox with the real
 * client, their PDFs fetched from the console's API and read back with text extraction.
 */
let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
});

/** Set LABELS_PDF_DIR to keep the PDFs, to look at them (pdftoppm -png -r 60). */
const keepIn = process.env.LABELS_PDF_DIR;

/** Anything that would tell a gift's receiver what it cost. */
const MONEY = /₹|Rs\.?\s|INR|price|total|amount|subtotal|paid/i;

/** A PDF answer: its type, and each page's text (runs of white space made one space) and size in points. */
async function readPdf(response: LightMyRequestResponse, name: string) {
  expect(response.statusCode, response.body.slice(0, 300)).toBe(200);
  expect(response.headers['content-type']).toBe('application/pdf');
  expect(response.headers['content-disposition']).toMatch(/^attachment; filename="kapaas-[a-z0-9-]+\.pdf"$/);
  const bytes = response.rawPayload;
  if (keepIn) {
    await mkdir(keepIn, { recursive: true });
    await writeFile(join(keepIn, `${name}.pdf`), bytes);
  }
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false });
  const sizes = (await PDFDocument.load(bytes)).getPages().map((page) => {
    const { width, height } = page.getSize();
    return `${Math.round(width)}x${Math.round(height)}`;
  });
  return { pages: text.map((page) => page.replace(/\s+/g, ' ')), sizes };
}

/** A packed order of three lines (Asha Rao, 560001), shipped with the courier: its id, AWB and lines. */
async function shippedOrder() {
  const { order, lines } = await packedOrderOfThreeLines(shop);
  const booked = AdminShipmentAnswer.parse(expectStatus(await owner.post(`/orders/${order.id}/shipment`, {}), 200));
  return { orderId: order.id, awb: booked.data.awb, lines };
}

/** Points the shop's courier at a port where nothing listens (the real client): the courier is down meanwhile. */
async function withCourierDown<T>(work: () => Promise<T>): Promise<T> {
  const courier = shop.app.courier;
  const client = courier.client;
  courier.client = createShiprocketClient({
    email: SANDBOX_EMAIL,
    password: SANDBOX_PASSWORD,
    apiBase: 'http://127.0.0.1:9/v1/external',
    timeoutMs: 2_000,
  });
  try {
    return await work();
  } finally {
    courier.client = client;
  }
}

const A4 = '595x842';
const LABEL = '288x432';

describe('GET /orders/:id/label.pdf', () => {
  it("answers the courier's label of an order shipped with the courier: its AWB, the shopper's name and PIN code", async () => {
    const { orderId, awb } = await shippedOrder();
    const { pages, sizes } = await readPdf(await owner.get(`/orders/${orderId}/label.pdf`), 'label');
    expect(sizes).toEqual([LABEL]);
    const [label = ''] = pages;
    expect(label).toContain(awb);
    expect(label).toContain('Asha Rao');
    expect(label).toContain('560001');
    expect(label).toContain(`KP-${orderId}`);
  });

  it('refuses an unknown order, an order not shipped with the courier, a staff-less caller, and the courier down', async () => {
    expect(expectStatus(await owner.get('/orders/999999/label.pdf'), 404).message).toBe('Order not found.');
    const { order } = await packedOrderOfThreeLines(shop);
    const unshipped = expectStatus(await owner.get(`/orders/${order.id}/label.pdf`), 404);
    expect(unshipped).toMatchObject({ code: 'NO_COURIER_LABEL' });
    expect(unshipped.message).toContain(`Order #${order.id} was not shipped with the courier`);
    expect((await admin.client().get(`/orders/${order.id}/label.pdf`)).statusCode).toBe(401);
    const { orderId } = await shippedOrder();
    const down = await withCourierDown(() => owner.get(`/orders/${orderId}/label.pdf`));
    expect(expectStatus(down, 502)).toMatchObject({
      code: 'COURIER_UNAVAILABLE',
      message: `The courier could not be reached for the label of order #${orderId}. Try again in a moment.`,
    });
  });
});

describe('POST /orders/print.pdf', () => {
  it("prints each order's label then its packing slip, in the order chosen; an order without a courier has its slip alone", async () => {
    const first = await shippedOrder();
    const byHand = await packedOrderOfThreeLines(shop);
    const second = await shippedOrder();
    const ids = [first.orderId, byHand.order.id, second.orderId, first.orderId];
    const { pages, sizes } = await readPdf(await owner.post('/orders/print.pdf', { order_ids: ids }), 'batch');
    // A label (4 × 6 in) and a slip (A4) for each shipped order, the slip alone for the other; an id twice prints once.
    expect(sizes).toEqual([LABEL, A4, A4, LABEL, A4]);
    expect(pages[0]).toContain(first.awb);
    expect(pages[0]).toContain('Asha Rao');
    expect(pages[3]).toContain(second.awb);
    const slips = [pages[1], pages[2], pages[4]];
    expect(slips.map((page) => /Order #(\d+)/.exec(page ?? '')?.[1])).toEqual(
      [first.orderId, byHand.order.id, second.orderId].map(String),
    );
    for (const slip of slips) {
      expect(slip).toContain('Packing slip');
      for (const line of first.lines) expect(slip).toContain(`${line.productName} ${line.sizeLabel} ${line.quantity}`);
      expect(slip).toContain('6 pieces in all');
      expect(slip).not.toMatch(MONEY);
    }
    expect(pages.join(' ')).not.toContain('₹');
  });

  it('prints the labels alone, or the slips alone, when asked', async () => {
    const first = await shippedOrder();
    const second = await shippedOrder();
    const order_ids = [second.orderId, first.orderId];
    const labels = await readPdf(await owner.post('/orders/print.pdf', { order_ids, what: 'labels' }), 'labels');
    expect(labels.sizes).toEqual([LABEL, LABEL]);
    expect(labels.pages[0]).toContain(second.awb);
    expect(labels.pages[1]).toContain(first.awb);
    const slips = await readPdf(await owner.post('/orders/print.pdf', { order_ids, what: 'slips' }), 'slips');
    expect(slips.sizes).toEqual([A4, A4]);
    expect(slips.pages.map((page) => /Order #(\d+)/.exec(page)?.[1])).toEqual(order_ids.map(String));
  });

  it('refuses a batch it cannot print whole, naming the orders beside the field, and makes no PDF', async () => {
    const print = (body: unknown) => owner.post('/orders/print.pdf', body);
    const empty = expectStatus(await print({ order_ids: [] }), 400);
    expect(empty.errors.order_ids).toEqual(['Choose at least one order to print.']);
    const many = Array.from({ length: 101 }, (_, index) => index + 1);
    const tooMany = expectStatus(await print({ order_ids: many }), 400);
    expect(tooMany.errors.order_ids).toEqual(['At most 100 orders are printed at once: choose fewer.']);
    expect(expectStatus(await print({ order_ids: [1], what: 'invoices' }), 400).errors.what).toBeDefined();

    const shipped = await shippedOrder();
    const unknown = expectStatus(await print({ order_ids: [shipped.orderId, 999998, 999999] }), 404);
    expect(unknown).toMatchObject({ code: 'ORDER_NOT_FOUND', message: 'The shop has no order #999998 and #999999.' });
    expect(unknown.errors.order_ids).toEqual([unknown.message]);

    const cancelled = await packedOrderOfThreeLines(shop);
    await shop.database.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.id, cancelled.order.id));
    const notToPrint = expectStatus(await print({ order_ids: [shipped.orderId, cancelled.order.id] }), 409);
    expect(notToPrint).toMatchObject({
      code: 'NOT_PRINTABLE',
      message: `Only orders to pack or on their way are printed: #${cancelled.order.id} is cancelled.`,
    });

    const byHand = await packedOrderOfThreeLines(shop);
    const noLabel = expectStatus(await print({ order_ids: [shipped.orderId, byHand.order.id], what: 'labels' }), 409);
    expect(noLabel).toMatchObject({ code: 'NO_COURIER_LABEL' });
    expect(noLabel.message).toBe(
      `Order #${byHand.order.id} was not shipped with the courier and has no courier label: print its packing slip instead.`,
    );

    const down = await withCourierDown(() => print({ order_ids: [byHand.order.id, shipped.orderId] }));
    expect(expectStatus(down, 502)).toMatchObject({ code: 'COURIER_UNAVAILABLE' });
    expect(down.headers['content-type']).toMatch(/^application\/json/);
    // The slips alone need no courier.
    const slips = await withCourierDown(() => print({ order_ids: [byHand.order.id, shipped.orderId], what: 'slips' }));
    expect((await readPdf(slips, 'slips-courier-down')).sizes).toEqual([A4, A4]);
  });
});
