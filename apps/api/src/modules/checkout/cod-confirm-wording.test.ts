import { outboxMessages } from '@kapaas/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { recordConsents } from '../consent';
import { prepareMessages, sendDueWhatsApp } from '../mail';
import { checkoutFixtures, KOCHI } from './checkout.fixtures';

/*
 * What the shopper and the owner are told of a COD order waiting for its confirmation (issue 36): when the
 * confirmation went on WhatsApp (the box ticked, the kind on, its template approved), the answer of order_place, the
 * order's history, its e-mail and the console say so, with the number and the message's status; otherwise, and once
 * the WhatsApp message fell back to e-mail, the shop says it will call. Through the checkout and the real client.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;
let phones = 0;
const newMobile = () => `98476${String(10_000 + ++phones).padStart(5, '0')}`;
const shown = (mobile: string) => `+91 ${mobile.slice(0, 5)} ${mobile.slice(5)}`;
const deps = () => ({ db: db(), log: shop.app.deps.log });

const CALL = 'Order placed. We will call you to confirm it before we pack it.';
const onWhatsApp = (mobile: string) =>
  `Order placed. We have sent you a WhatsApp message at ${shown(mobile)}: tap Confirm order and we will pack it (or we will call you).`;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});
beforeEach(async () => {
  const rules = { cod_enabled: true, cod_min_order: 1, cod_max_order: 100_000, cod_confirm_above: 1 };
  expectStatus(await owner.patch('/settings', { ...rules, whatsapp_kinds: ['order_cod_confirm'] }), 200);
});

/** A guest's COD order above the confirmation value: its answer, the number it was placed with, its details. */
async function placeCod(whatsappUpdates: boolean) {
  const mobile = newMobile();
  const item = await f.stockedItem(5);
  const { shopper, addressId } = await f.readyGuest(item, 1, { ...KOCHI, phone: mobile });
  const placed = await f.place(shopper, addressId, [{ item, quantity: 1 }], {
    payment_method: 'cod',
    whatsapp_updates: whatsappUpdates,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const answer = placed.json() as Record<string, unknown> & { order_id: number };
  expect(answer.status).toBe('cod_pending_confirmation');
  const details = async () => {
    const response = await shopper.post('order_details', { order_id: answer.order_id });
    expect(response.statusCode, response.body).toBe(200);
    const { history } = response.json().data as { history: { status: string; note: string | null }[] };
    return history.find((step) => step.status === 'cod_pending_confirmation')?.note;
  };
  return { answer, mobile, orderId: answer.order_id, details };
}

async function consoleOrder(orderId: number) {
  const response = await owner.get(`/orders/${orderId}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { cod_confirmation_whatsapp?: { status: string } | null };
}

/** The confirmation's e-mail as the outbox wrote it (the text body). */
async function emailText(orderId: number) {
  await prepareMessages(shop.app.deps);
  const [row] = await db()
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.key, `order-placed:${orderId}`));
  return row?.text ?? '';
}

describe('a COD order waiting for its confirmation', () => {
  it('confirmed on WhatsApp: the answer, the history, the e-mail and the console say so, with the number', async () => {
    const { answer, mobile, orderId, details } = await placeCod(true);
    expect(answer).toMatchObject({ confirm_on_whatsapp: true, whatsapp_number: shown(mobile) });
    expect(answer.message).toBe(onWhatsApp(mobile));
    expect(await details()).toBe(
      `Order placed, to be paid in cash on delivery. We have sent you a WhatsApp message at ${shown(mobile)}: tap Confirm order and we will pack it (or we will call you).`,
    );
    const text = await emailText(orderId);
    expect(text).toContain(
      `We have sent you a WhatsApp message at ${shown(mobile)}: tap Confirm order and we will pack it (or we will call you).`,
    );
    expect(text).not.toContain('We will call you to confirm');
    expect((await consoleOrder(orderId)).cod_confirmation_whatsapp).toEqual({ status: 'queued' });
    await sendDueWhatsApp(deps(), shop.app.whatsapp.client);
    await shop.app.whatsappSandbox?.deliveries.idle();
    expect((await consoleOrder(orderId)).cod_confirmation_whatsapp?.status).toMatch(/^(sent|delivered|read)$/);
  });

  it('without the WhatsApp box: the shop says it will call, everywhere', async () => {
    const { answer, orderId, details } = await placeCod(false);
    expect(answer).toMatchObject({ confirm_on_whatsapp: false, message: CALL });
    expect(answer).not.toHaveProperty('whatsapp_number');
    expect(await details()).toBe('Order placed, to be paid in cash on delivery. We will call you to confirm it.');
    expect(await emailText(orderId)).toContain('We will call you to confirm the order before we pack it.');
    expect((await consoleOrder(orderId)).cod_confirmation_whatsapp).toBeNull();
  });

  it('with the COD confirmation’s kind off: the order placed message may go on WhatsApp, but the shop calls', async () => {
    expectStatus(await owner.patch('/settings', { whatsapp_kinds: ['order_placed'] }), 200);
    const { answer, orderId, details } = await placeCod(true);
    const [row] = await db()
      .select()
      .from(outboxMessages)
      .where(eq(outboxMessages.key, `order-placed:${orderId}`));
    expect(row).toMatchObject({ channel: 'whatsapp', waTemplate: { template: 'order_placed_cod' } });
    expect(answer).toMatchObject({ confirm_on_whatsapp: false, message: CALL });
    expect(await details()).toBe('Order placed, to be paid in cash on delivery. We will call you to confirm it.');
    expect(await emailText(orderId)).toContain('We will call you to confirm the order before we pack it.');
    expect((await consoleOrder(orderId)).cod_confirmation_whatsapp).toBeNull();
  });

  it('fallen back to e-mail: the e-mail that goes says the shop will call, and the console says it failed', async () => {
    const { mobile, orderId, details } = await placeCod(true);
    expect(await emailText(orderId)).toContain('We have sent you a WhatsApp message');
    // The number withdraws its consent before the message goes: it is sent by e-mail instead.
    await recordConsents(db(), [
      { person: { phone: `91${mobile}` }, purpose: 'whatsapp_updates', given: false, source: 'checkout' },
    ]);
    await sendDueWhatsApp(deps(), shop.app.whatsapp.client);
    const text = await emailText(orderId);
    expect(text).toContain('We will call you to confirm the order before we pack it.');
    expect(text).not.toContain('WhatsApp');
    expect(await details()).toBe('Order placed, to be paid in cash on delivery. We will call you to confirm it.');
    expect((await consoleOrder(orderId)).cod_confirmation_whatsapp).toEqual({ status: 'failed' });
  });

  it('refused by Meta for good: the e-mail that goes instead says the shop will call', async () => {
    const { orderId, details } = await placeCod(true);
    expect(await emailText(orderId)).toContain('We have sent you a WhatsApp message');
    // The template was deleted at Meta since it was queued: the send is refused (132001), the e-mail goes instead.
    const key = `order-placed:${orderId}`;
    const [row] = await db().select().from(outboxMessages).where(eq(outboxMessages.key, key));
    const template = {
      ...(row?.waTemplate as NonNullable<typeof row>['waTemplate'] & object),
      template: 'gone_at_meta',
    };
    await db().update(outboxMessages).set({ waTemplate: template }).where(eq(outboxMessages.key, key));
    await sendDueWhatsApp(deps(), shop.app.whatsapp.client);
    const text = await emailText(orderId);
    expect(text).toContain('We will call you to confirm the order before we pack it.');
    expect(text).not.toContain('WhatsApp');
    expect(await details()).toBe('Order placed, to be paid in cash on delivery. We will call you to confirm it.');
    expect((await consoleOrder(orderId)).cod_confirmation_whatsapp).toEqual({ status: 'failed' });
  });
});
