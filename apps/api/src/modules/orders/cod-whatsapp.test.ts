import { createHmac, randomUUID } from 'node:crypto';
import { eq, orderEvents } from '@kapaas/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_APP_SECRET, SANDBOX_PREFIX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures, KOCHI } from '../checkout/checkout.fixtures';
import { sendDueWhatsApp } from '../mail';

/*
 * The COD confirmation on WhatsApp (issue 36): an order waiting for confirmation sends the cod_order_confirmation
 * template with Confirm / Cancel quick replies naming the order; a tap moves the order through the order process
 * (actor `whatsapp`), checked against the message the shop sent that number for that order. Through the checkout, the
 * real client, the sandbox's signed webhook.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;
let phones = 0;
const newMobile = () => `98474${String(10_000 + ++phones).padStart(5, '0')}`;
const idle = () => shop.app.whatsappSandbox?.deliveries.idle();

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

type ChatMessage = {
  id: string;
  direction: string;
  template: string | null;
  text: string;
  buttons: { payload?: string }[];
};
async function chatOf(number: string): Promise<ChatMessage[]> {
  const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/messages?to=${number}` });
  return response.json() as ChatMessage[];
}

/** A COD order above the confirmation value, its confirmation sent on WhatsApp: the order, the number, the message. */
async function awaitingConfirmation() {
  const mobile = newMobile();
  const item = await f.stockedItem(5);
  const { shopper, addressId } = await f.readyGuest(item, 2, { ...KOCHI, phone: mobile });
  const placed = await f.place(shopper, addressId, [{ item, quantity: 2 }], {
    payment_method: 'cod',
    whatsapp_updates: true,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().order_id as number;
  expect((await f.orderRow(orderId)).status).toBe('cod_pending_confirmation');
  await sendDueWhatsApp({ db: db(), log: shop.app.deps.log }, shop.app.whatsapp.client);
  await idle();
  const number = `91${mobile}`;
  const [message] = (await chatOf(number)).filter((m) => m.direction === 'out');
  if (!message) throw new Error('no confirmation on WhatsApp');
  return { orderId, number, message, item };
}

async function tap(from: string, contextId: string, payload: string) {
  const response = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/reply`,
    payload: { from, context_message_id: contextId, button_payload: payload },
  });
  expect(response.statusCode, response.body).toBe(200);
}

/** A webhook signed as Meta signs it, with what the sandbox's phone would never send (a phone can be made to). */
async function forged(from: string, contextId: string, payload: string) {
  const message = {
    from,
    id: `wamid.FORGED-${randomUUID()}`,
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: 'button',
    context: { id: contextId, from: '15550000000' },
    button: { payload, text: 'Cancel order' },
  };
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [
      { id: 'waba', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', messages: [message] } }] },
    ],
  });
  const signature = `sha256=${createHmac('sha256', SANDBOX_APP_SECRET).update(body).digest('hex')}`;
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/whatsapp_webhook',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature },
    payload: body,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const status = async (orderId: number) => (await f.orderRow(orderId)).status;
const answersIn = async (number: string) => (await chatOf(number)).filter((m) => m.direction === 'out').slice(1);

describe('the COD confirmation on WhatsApp', () => {
  it('is sent with Confirm and Cancel naming the order; Confirm moves it to cod_confirmed, by whatsapp', async () => {
    const { orderId, number, message } = await awaitingConfirmation();
    expect(message.template).toBe('cod_order_confirmation');
    expect(message.buttons.map((b) => b.payload)).toEqual([`cod_confirm:${orderId}`, `cod_cancel:${orderId}`]);
    await tap(number, message.id, `cod_confirm:${orderId}`);
    await idle();
    expect(await status(orderId)).toBe('cod_confirmed');
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.at(-1)?.note).toContain('WhatsApp');
    expect(await answersIn(number)).toEqual([]);
  });

  it('Cancel cancels it and the stock goes back', async () => {
    const { orderId, number, message, item } = await awaitingConfirmation();
    const before = await f.stockOf(item);
    await tap(number, message.id, `cod_cancel:${orderId}`);
    await idle();
    expect(await status(orderId)).toBe('cancelled');
    expect((await f.stockOf(item)).stock).toBe(before.stock + 2);
  });

  it('a tap on an order already moved changes nothing and is answered politely, once per tap', async () => {
    const { orderId, number, message } = await awaitingConfirmation();
    await tap(number, message.id, `cod_confirm:${orderId}`);
    await idle();
    await tap(number, message.id, `cod_cancel:${orderId}`);
    await idle();
    expect(await status(orderId)).toBe('cod_confirmed');
    const answers = await answersIn(number);
    expect(answers).toHaveLength(1);
    expect(answers[0]?.text).toMatch(/already confirmed/);
  });

  it('never trusts the payload alone: another order named, another number, or a message not the order’s move nothing', async () => {
    const first = await awaitingConfirmation();
    const second = await awaitingConfirmation();
    // The first order's message, with a payload naming the second order.
    await forged(first.number, first.message.id, `cod_cancel:${second.orderId}`);
    // The second order's message, tapped from the first order's number.
    await forged(first.number, second.message.id, `cod_cancel:${second.orderId}`);
    // A message the shop never sent.
    await forged(second.number, 'wamid.NOT-THE-SHOPS', `cod_cancel:${second.orderId}`);
    expect(await status(first.orderId)).toBe('cod_pending_confirmation');
    expect(await status(second.orderId)).toBe('cod_pending_confirmation');
  });

  it('two taps at once make one move', async () => {
    const { orderId, number, message } = await awaitingConfirmation();
    await Promise.all([
      tap(number, message.id, `cod_confirm:${orderId}`),
      tap(number, message.id, `cod_cancel:${orderId}`),
    ]);
    await idle();
    const moves = (await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId))).filter(
      (e) => e.status === 'cod_confirmed' || e.status === 'cancelled',
    );
    expect(moves).toHaveLength(1);
    expect(await answersIn(number)).toHaveLength(1);
  });
});
