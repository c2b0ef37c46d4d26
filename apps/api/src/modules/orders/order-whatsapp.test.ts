import { formatPaise } from '@kapaas/contract';
import { eq, outboxMessages } from '@kapaas/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures, KOCHI } from '../checkout/checkout.fixtures';
import { sendDueWhatsApp } from '../mail';

/*
 * The order's messages on WhatsApp (issue 36): where the order's mails are queued, the WhatsApp form goes with them
 * when the owner turned the kind on and an approved template exists, filled from the order; the outbox then chooses
 * WhatsApp or e-mail by the number's consent (ADR 050). Through the checkout, the real client and the sandbox.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;
let phones = 0;
const newMobile = () => `98473${String(10_000 + ++phones).padStart(5, '0')}`;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});
beforeEach(async () => {
  expectStatus(
    await owner.patch('/settings', {
      cod_enabled: true,
      cod_min_order: 1,
      cod_max_order: 100_000,
      cod_confirm_above: null,
      whatsapp_kinds: ['order_placed', 'order_paid', 'order_cod_confirm', 'order_shipped'],
    }),
    200,
  );
});

async function rowOf(key: string) {
  const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.key, key));
  if (!row) throw new Error(`no message ${key}`);
  return row;
}

async function chatOf(phone: string) {
  const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/messages?to=${phone}` });
  return response.json() as { template: string | null; text: string; direction: string }[];
}

async function placeCod(mobile: string, extra: Record<string, unknown>) {
  const item = await f.stockedItem(5);
  const { shopper, addressId } = await f.readyGuest(item, 1, { ...KOCHI, phone: mobile });
  const placed = await f.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod', ...extra });
  expect(placed.statusCode, placed.body).toBe(200);
  return f.orderRow(placed.json().order_id as number);
}

describe("the order's messages on WhatsApp", () => {
  it('a COD order placed with the box ticked: order_placed goes by WhatsApp, its template filled from the order', async () => {
    const mobile = newMobile();
    const order = await placeCod(mobile, { whatsapp_updates: true });
    const row = await rowOf(`order-placed:${order.id}`);
    expect(row).toMatchObject({ channel: 'whatsapp', waPhone: `91${mobile}`, fallbackReason: null });
    expect(row.waTemplate).toEqual({
      template: 'order_placed_cod',
      language: 'en',
      bodyParameters: ['Asha', `#${order.id}`, formatPaise(order.totalPaise)],
    });
    await sendDueWhatsApp({ db: db(), log: shop.app.deps.log }, shop.app.whatsapp.client);
    await shop.app.whatsappSandbox?.deliveries.idle();
    const chat = await chatOf(`91${mobile}`);
    expect(chat.map((m) => m.template)).toEqual(['order_placed_cod']);
    expect(chat[0]?.text).toContain(`#${order.id}`);
  });

  it('without the box ticked the same order goes by e-mail, saying why; with the kind off, no WhatsApp form at all', async () => {
    const unticked = await placeCod(newMobile(), {});
    expect(await rowOf(`order-placed:${unticked.id}`)).toMatchObject({
      channel: 'email',
      fallbackReason: 'No whatsapp_updates consent for this number: sent by e-mail',
    });
    expectStatus(await owner.patch('/settings', { whatsapp_kinds: ['order_shipped'] }), 200);
    const off = await placeCod(newMobile(), { whatsapp_updates: true });
    expect(await rowOf(`order-placed:${off.id}`)).toMatchObject({ channel: 'email', waPhone: null, waTemplate: null });
  });

  it('an order paid online: order_paid by WhatsApp with the amount paid', async () => {
    const mobile = newMobile();
    const item = await f.stockedItem(5);
    const { shopper, addressId } = await f.readyGuest(item, 1, { ...KOCHI, phone: mobile });
    const placed = await f.placed(shopper, addressId, item, 1, { whatsapp_updates: true });
    const handler = await f.paid(placed.razorpay_order_id);
    expectStatus(await f.confirm(shopper, placed.order_id, handler), 200);
    const order = await f.orderRow(placed.order_id);
    const row = await rowOf(`order-paid:${order.id}`);
    expect(row).toMatchObject({ channel: 'whatsapp', waPhone: `91${mobile}` });
    expect(row.waTemplate).toEqual({
      template: 'order_paid',
      language: 'en',
      bodyParameters: ['Asha', formatPaise(order.totalPaise), `#${order.id}`],
    });
    // Sent through the sandbox with the real client: the shopper's phone shows it, filled in.
    await sendDueWhatsApp({ db: db(), log: shop.app.deps.log }, shop.app.whatsapp.client);
    await shop.app.whatsappSandbox?.deliveries.idle();
    const paid = (await chatOf(`91${mobile}`)).filter((m) => m.template === 'order_paid');
    expect(paid.map((m) => m.text)).toEqual([
      `Hello Asha, we have received your payment of ${formatPaise(order.totalPaise)} for order #${order.id}. Thank you for shopping at Kapaas; we will let you know here when it ships.`,
    ]);
  });
});
