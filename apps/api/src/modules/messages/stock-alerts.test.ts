import { and, eq, outboxMessages, productSizes, sizes, stockAlerts } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, type Received, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { expireDueOrders } from '../checkout/expiry';
import { setStock } from '../inventory';
import { unsubscribeUrl } from '../mail';

let shop: TestShop;
let mailbox: Mailbox;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop({
    env: { PUBLIC_URL: 'https://kapaas.example.in', MAIL_FROM: 'Kapaas <orders@kapaas.example.in>' },
  });
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});

type Item = Awaited<ReturnType<typeof checkout.stockedItem>>;

const ask = (item: Item, email: string) =>
  shop.post('stock_alert', { product_id: item.productId, size_id: item.sizeId, email });

/** The owner sets the size's stock in the console (PATCH /products/:id). */
async function setStockInConsole(item: Item, stock: number) {
  expectStatus(await owner.patch(`/products/${item.productId}`, { sizes: [{ size_id: item.sizeId, stock }] }), 200);
}

async function labelOf(item: Item) {
  const [size] = await shop.database.db.select().from(sizes).where(eq(sizes.id, item.sizeId));
  return size?.label ?? '';
}

const waiting = (item: Item) =>
  shop.database.db
    .select()
    .from(stockAlerts)
    .where(and(eq(stockAlerts.productId, item.productId), eq(stockAlerts.sizeId, item.sizeId)));

const restockMessages = (item: Item) =>
  shop.database.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.kind, 'back_in_stock'))
    .then((rows) => rows.filter((row) => row.payload.product_id === item.productId));

/** The raw header lines of a received message, unfolded. */
const rawHeader = (message: Received, name: string) =>
  new RegExp(`^${name}: *(.*)$`, 'im').exec(message.raw.replace(/\r\n[ \t]+/g, ' '))?.[1];

describe('stock_alert', () => {
  it('is refused on a size that is in stock, and on a size the product does not sell', async () => {
    const item = await checkout.stockedItem(2);
    const inStock = await ask(item, 'asha@example.in');
    expect(inStock.statusCode).toBe(409);
    expect(inStock.json()).toMatchObject({ success: false, message: 'This size is in stock: add it to your cart.' });
    const unknown = await shop.post('stock_alert', {
      product_id: item.productId,
      size_id: 99_999,
      email: 'a@example.in',
    });
    expect(unknown.statusCode).toBe(404);
    expect(await waiting(item)).toEqual([]);
  });

  it('is accepted on a size whose last pieces unpaid orders hold: nobody can buy it', async () => {
    const item = await checkout.stockedItem(1);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    await checkout.placed(shopper, addressId, item, 1);
    expect(await checkout.stockOf(item)).toEqual({ stock: 1, reserved: 1 });
    expect((await ask(item, 'held@example.in')).statusCode).toBe(200);
  });

  it('answers with the size, and asking twice (any letter case) keeps one waiting alert', async () => {
    const item = await checkout.stockedItem(0);
    const label = await labelOf(item);
    for (const email of ['Ravi@Example.in', 'ravi@example.in', ' RAVI@example.in ']) {
      const answer = await ask(item, email);
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json()).toEqual({
        success: true,
        message: `We will write to you once when size ${label} is back.`,
      });
    }
    const rows = await waiting(item);
    expect(rows.map((row) => [row.email, row.notifiedAt])).toEqual([['ravi@example.in', null]]);
  });

  it('refuses a malformed address with the documented text', async () => {
    const item = await checkout.stockedItem(0);
    const answer = await ask(item, 'ravi-at-example');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ errors: { email: ['Invalid email format'] } });
  });
});

describe('the restock', () => {
  it('sends each waiting address one message, with the product, the size and the one-click unsubscribe', async () => {
    const item = await checkout.stockedItem(0);
    const label = await labelOf(item);
    expect((await ask(item, 'meera@example.in')).statusCode).toBe(200);
    expect((await ask(item, 'kabir@example.in')).statusCode).toBe(200);

    await setStockInConsole(item, 4);
    // The messages were queued by the stock edit's own transaction, and the alerts are done.
    expect((await restockMessages(item)).map((row) => row.recipient).sort()).toEqual([
      'kabir@example.in',
      'meera@example.in',
    ]);
    expect((await waiting(item)).every((row) => row.notifiedAt !== null)).toBe(true);

    await deliver(shop.app, mailbox);
    const [message, ...more] = mailbox.to('meera@example.in');
    expect(more).toHaveLength(0);
    if (!message) throw new Error('no message to meera');
    const product = expectStatus(await owner.get(`/products/${item.productId}`), 200).data as { name: string };
    expect(message.mail.subject).toBe(`Back in stock: ${product.name}, size ${label}`);
    expect(message.mail.text).toContain(product.name);
    expect(message.mail.text).toContain(`Size ${label}`);
    expect(message.mail.html).toContain(`https://kapaas.example.in/product-detail/${item.productId}`);
    expect(message.mail.html).toContain('Shop now');
    const unsubscribe = rawHeader(message, 'List-Unsubscribe');
    expect(unsubscribe).toMatch(
      /^<https:\/\/kapaas\.example\.in\/api\/unsubscribe\?e=meera%40example\.in&p=back_in_stock&s=[\w-]+>$/,
    );
    expect(rawHeader(message, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(message.mail.html).toContain('Unsubscribe');
    expect(mailbox.to('kabir@example.in')).toHaveLength(1);
  });

  it('queues nothing when the transaction that restocked is rolled back, and the alert keeps waiting', async () => {
    const item = await checkout.stockedItem(0);
    expect((await ask(item, 'rolledback@example.in')).statusCode).toBe(200);
    const undone = shop.database.db.transaction(async (tx) => {
      await setStock(tx, item.productId, item.sizeId, 5);
      const queued = await tx
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.recipient, 'rolledback@example.in'));
      expect(queued.map((row) => row.kind)).toEqual(['back_in_stock']);
      throw new Error('the rest of the edit failed');
    });
    await expect(undone).rejects.toThrow('the rest of the edit failed');
    expect(await restockMessages(item)).toHaveLength(0);
    expect((await waiting(item))[0]?.notifiedAt).toBeNull();
    expect(await checkout.stockOf(item)).toEqual({ stock: 0, reserved: 0 });
  });

  it('sends nothing on a second restock, nor after it sold out and came back again', async () => {
    const item = await checkout.stockedItem(0);
    expect((await ask(item, 'once@example.in')).statusCode).toBe(200);
    await setStockInConsole(item, 2);
    await setStockInConsole(item, 5);
    await setStockInConsole(item, 0);
    await setStockInConsole(item, 3);
    await deliver(shop.app, mailbox);
    expect(await restockMessages(item)).toHaveLength(1);
    expect(mailbox.to('once@example.in')).toHaveLength(1);
  });

  it('sends nothing while the stock stays at zero, nor when the edit leaves it sold out', async () => {
    const item = await checkout.stockedItem(0);
    expect((await ask(item, 'patient@example.in')).statusCode).toBe(200);
    await setStockInConsole(item, 0);
    expect(await restockMessages(item)).toHaveLength(0);
    expect((await waiting(item))[0]?.notifiedAt).toBeNull();
  });

  it('sends nothing to an address that unsubscribed, and still writes to the others', async () => {
    const item = await checkout.stockedItem(0);
    expect((await ask(item, 'nomore@example.in')).statusCode).toBe(200);
    expect((await ask(item, 'stillwants@example.in')).statusCode).toBe(200);
    const link = new URL(unsubscribeUrl(shop.app.deps.mail, 'nomore@example.in'));
    const gone = await shop.app.inject({
      method: 'POST',
      url: `${link.pathname}${link.search}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(gone.statusCode, gone.body).toBe(200);
    await setStockInConsole(item, 1);
    await deliver(shop.app, mailbox);
    expect(mailbox.to('nomore@example.in')).toHaveLength(0);
    expect(mailbox.to('stillwants@example.in')).toHaveLength(1);
  });

  it('writes when an expired unpaid order gives its held pieces back', async () => {
    const item = await checkout.stockedItem(1);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    await checkout.placed(shopper, addressId, item, 1);
    expect((await ask(item, 'released@example.in')).statusCode).toBe(200);
    expect(await restockMessages(item)).toHaveLength(0);
    await expireDueOrders(shop.app.deps, new Date(Date.now() + 6 * 60 * 60_000));
    expect(await checkout.stockOf(item)).toEqual({ stock: 1, reserved: 0 });
    expect((await restockMessages(item)).map((row) => row.recipient)).toEqual(['released@example.in']);
  });

  it('writes when the owner cancels a paid order that had bought the last pieces', async () => {
    const item = await checkout.stockedItem(1);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    const placed = await checkout.placed(shopper, addressId, item, 1);
    const handler = await checkout.paid(placed.razorpay_order_id);
    expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
    await checkout.webhooksDelivered();
    expect(await checkout.stockOf(item)).toEqual({ stock: 0, reserved: 0 });
    expect((await ask(item, 'cancelled@example.in')).statusCode).toBe(200);

    expectStatus(await owner.post(`/orders/${placed.order_id}/status`, { status: 'cancelled' }), 200);
    expect(await checkout.stockOf(item)).toEqual({ stock: 1, reserved: 0 });
    expect((await restockMessages(item)).map((row) => row.recipient)).toEqual(['cancelled@example.in']);
  });

  it('keeps the alerts of a product that left the shop waiting', async () => {
    const item = await checkout.stockedItem(0);
    expect((await ask(item, 'archived@example.in')).statusCode).toBe(200);
    expectStatus(await owner.patch(`/products/${item.productId}`, { status: 'archived' }), 200);
    await setStockInConsole(item, 3);
    expect(await restockMessages(item)).toHaveLength(0);
    const [row] = await shop.database.db
      .select()
      .from(productSizes)
      .where(and(eq(productSizes.productId, item.productId), eq(productSizes.sizeId, item.sizeId)));
    expect(row?.stock).toBe(3);
    expect((await waiting(item))[0]?.notifiedAt).toBeNull();
  });
});
