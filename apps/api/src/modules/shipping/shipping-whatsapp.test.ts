import { createHmac, randomUUID } from 'node:crypto';
import {
  AdminOrderAnswer,
  AdminShipmentAnswer,
  AdminShipmentListAnswer,
  ShipmentNdrDetailsAnswer,
} from '@kapaas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_PREFIX as COURIER_PREFIX } from '../../dev/shiprocket-sandbox/sandbox.constants';
import { SANDBOX_APP_SECRET, SANDBOX_PREFIX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures, KOCHI } from '../checkout/checkout.fixtures';
import { sendDueWhatsApp } from '../mail';

/*
 * The parcel's messages on WhatsApp (issue 36): shipped with the courier's tracking button, undelivered with "Deliver
 * again" and "Correct address", and the taps on those two. A tap counts only on the shop's undelivered message for
 * that order, from its number, while the parcel still waits after that failed attempt. Through the checkout, the
 * Shiprocket sandbox's tracking webhooks, the real Cloud API client and the WhatsApp sandbox's signed webhook.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
let phones = 0;
const newMobile = () => `98475${String(10_000 + ++phones).padStart(5, '0')}`;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  const kinds = ['order_shipped', 'shipment_out_for_delivery', 'shipment_undelivered'];
  const rules = { cod_enabled: true, cod_min_order: 1, cod_max_order: 100_000, cod_confirm_above: 100_000 };
  expectStatus(await owner.patch('/settings', { ...rules, whatsapp_kinds: kinds }), 200);
});
afterAll(async () => {
  await shop?.close();
});

type ChatMessage = {
  id: string;
  direction: string;
  template: string | null;
  parameters: string[];
  text: string;
  buttons: { type: string; text: string; payload?: string; url?: string }[];
};

/** What the WhatsApp sandbox's phone shows for a number, once the due messages were sent. */
async function chatOf(number: string): Promise<ChatMessage[]> {
  await sendDueWhatsApp({ db: shop.database.db, log: shop.app.deps.log }, shop.app.whatsapp.client);
  await shop.app.whatsappSandbox?.deliveries.idle();
  const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/messages?to=${number}` });
  return response.json() as ChatMessage[];
}
const sent = async (number: string) => (await chatOf(number)).filter((m) => m.direction === 'out');
const templateIn = async (number: string, template: string) => {
  const message = (await sent(number)).find((m) => m.template === template);
  if (!message) throw new Error(`no ${template} sent to ${number}`);
  return message;
};

/** A COD order placed with WhatsApp updates at a new number, packed and shipped with the courier. */
async function shippedOrder() {
  const mobile = newMobile();
  const item = await f.stockedItem(10);
  const { shopper, addressId } = await f.readyGuest(item, 1, { ...KOCHI, phone: mobile });
  const placed = await f.place(shopper, addressId, [{ item, quantity: 1 }], {
    payment_method: 'cod',
    whatsapp_updates: true,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().order_id as number;
  expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'packed' }), 200);
  const booked = AdminShipmentAnswer.parse(expectStatus(await owner.post(`/orders/${orderId}/shipment`, {}), 200));
  return { orderId, number: `91${mobile}`, awb: booked.data.awb, courier: booked.data.courier_name ?? '' };
}

/** Moves a parcel on in the courier's sandbox, and waits for its webhooks to reach the shop. */
async function advance(awb: string, status: string, extra: Record<string, unknown> = {}) {
  const url = `${COURIER_PREFIX}/test/advance`;
  const moved = await shop.app.inject({ method: 'POST', url, payload: { awb, status, ...extra } });
  expect(moved.statusCode, moved.body).toBe(200);
  await shop.app.courierSandbox?.deliveries.idle();
}

/** A shipped order whose delivery failed, and the undelivered message its number received. */
async function undelivered(reason = 'Customer not available') {
  const parcel = await shippedOrder();
  await advance(parcel.awb, 'picked_up');
  await advance(parcel.awb, 'undelivered', { reason });
  return { ...parcel, message: await templateIn(parcel.number, 'delivery_failed') };
}

/** The shopper's tap in the sandbox's phone. */
async function tap(from: string, contextId: string, payload: string) {
  const url = `${SANDBOX_PREFIX}/test/reply`;
  const response = await shop.app.inject({
    method: 'POST',
    url,
    payload: { from, context_message_id: contextId, button_payload: payload },
  });
  expect(response.statusCode, response.body).toBe(200);
  await shop.app.whatsappSandbox?.deliveries.idle();
}

/** A webhook signed as Meta signs it, with a reply id of the test's choosing (a phone can be made to send anything). */
async function signedTap(from: string, contextId: string, payload: string, id = `wamid.FORGED-${randomUUID()}`) {
  const message = {
    from,
    id,
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: 'button',
    context: { id: contextId, from: '15550000000' },
    button: { payload, text: 'Deliver again' },
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

/** The shop's answers in the chat after its undelivered message. */
const answersIn = async (number: string) => {
  const out = await sent(number);
  const index = out.findIndex((m) => m.template === 'delivery_failed');
  return out.slice(index + 1).filter((m) => m.template === null);
};

/** The re-attempts the courier's sandbox was asked for on a parcel. */
const reattemptsOf = async (awb: string) =>
  ((await shop.app.courier.client.ndrList()).find((row) => row.awb === awb)?.history ?? []).filter(
    (entry) => entry.comment !== null,
  );

describe('the parcel on WhatsApp', () => {
  it("shipped goes with the first name, #number, the courier, and the button opens the courier's tracking of the AWB", async () => {
    const { orderId, number, awb, courier } = await shippedOrder();
    const message = await templateIn(number, 'order_shipped');
    expect(message.parameters).toEqual(['Asha', `#${orderId}`, courier]);
    expect(courier).not.toBe('');
    expect(message.buttons).toEqual([
      { type: 'URL', text: 'Track parcel', url: `https://shiprocket.co/tracking/${awb}` },
    ]);
  });

  it("undelivered goes with the courier's reason and the two buttons naming the order", async () => {
    const { orderId, message } = await undelivered('Door locked');
    expect(message.parameters).toEqual(['Asha', `#${orderId}`, 'Door locked']);
    expect(message.buttons.map((b) => b.payload)).toEqual([`delivery_retry:${orderId}`, `address_correct:${orderId}`]);
  });
});

/** The console's undelivered queue's entry of a parcel. */
const queued = async (awb: string) => {
  const listed = await owner.get('/shipments?status=undelivered&per_page=100');
  return AdminShipmentListAnswer.parse(expectStatus(listed, 200)).data.find((item) => item.awb === awb);
};

const historyOf = async (orderId: number) =>
  AdminOrderAnswer.parse(expectStatus(await owner.get(`/orders/${orderId}`), 200))
    .data.history.map((h) => h.note ?? '')
    .join('\n');

describe('the taps on the undelivered message', () => {
  it('"Deliver again" asks the courier once, says so in the chat and the history; the same tap delivered twice does nothing more', async () => {
    const { orderId, number, awb, courier, message } = await undelivered();
    const id = `wamid.TAP-${randomUUID()}`;
    await signedTap(number, message.id, `delivery_retry:${orderId}`, id);
    await signedTap(number, message.id, `delivery_retry:${orderId}`, id);
    expect(await reattemptsOf(awb)).toHaveLength(1);
    const answers = await answersIn(number);
    expect(answers.map((m) => m.text)).toEqual([expect.stringContaining(`We have asked ${courier} to try again`)]);
    expect(await historyOf(orderId)).toContain(`The shopper, on WhatsApp, asked ${courier} to try the delivery again`);
    expect(await queued(awb)).toMatchObject({ answered: { via: 'whatsapp', at: expect.any(String) } });
  });

  it('a second "Deliver again" for the same failed attempt is told the courier was asked already, and asks nothing', async () => {
    const { orderId, number, awb, courier, message } = await undelivered();
    expect(await queued(awb)).toMatchObject({ answered: null });
    await tap(number, message.id, `delivery_retry:${orderId}`);
    await tap(number, message.id, `delivery_retry:${orderId}`);
    expect(await reattemptsOf(awb)).toHaveLength(1);
    expect((await answersIn(number)).map((m) => m.text)).toEqual([
      expect.stringContaining(`We have asked ${courier} to try again`),
      expect.stringContaining(`We have already asked ${courier} to try again`),
    ]);
    // The courier tries again and fails again: the new failure is not answered yet, and its message's tap counts.
    await advance(awb, 'out_for_delivery');
    await advance(awb, 'undelivered', { reason: 'Door locked' });
    expect(await queued(awb)).toMatchObject({ attempts: 2, answered: null });
  });

  it('two "Deliver again" taps at once ask the courier once; the other is told it was asked already', async () => {
    const { orderId, number, awb, message } = await undelivered();
    await Promise.all([
      tap(number, message.id, `delivery_retry:${orderId}`),
      tap(number, message.id, `delivery_retry:${orderId}`),
    ]);
    expect(await reattemptsOf(awb)).toHaveLength(1);
    const answers = (await answersIn(number)).map((m) => m.text);
    expect(answers).toHaveLength(2);
    expect(answers.filter((text) => text.includes('We have already asked'))).toHaveLength(1);
  });

  it('a courier that refuses the re-attempt: the chat says so, and the attempt stays unanswered for the next tap', async () => {
    const { orderId, number, awb, message } = await undelivered();
    // The courier has moved on (out again), its webhook not yet at the shop: it refuses an NDR action.
    await advance(awb, 'out_for_delivery', { hold: true });
    await tap(number, message.id, `delivery_retry:${orderId}`);
    expect(await reattemptsOf(awb)).toHaveLength(0);
    expect((await answersIn(number)).map((m) => m.text)).toEqual([
      expect.stringContaining('we could not pass this on'),
    ]);
    expect(await queued(awb)).toMatchObject({ answered: null });
  });

  it('"Deliver again" after the owner answered the attempt in the console is told so, and asks the courier nothing', async () => {
    const { orderId, number, awb, courier, message } = await undelivered();
    expectStatus(await owner.post(`/shipments/${awb}/ndr-action`, { action: 're-attempt' }), 200);
    expect(await queued(awb)).toMatchObject({ answered: { via: 'console' } });
    await tap(number, message.id, `delivery_retry:${orderId}`);
    expect(await reattemptsOf(awb)).toHaveLength(1);
    expect((await answersIn(number)).map((m) => m.text)).toEqual([
      expect.stringContaining(`We have already told ${courier} what to do with order #${orderId}`),
    ]);
  });

  it('"Correct address" answers with the link of the undelivered page, which opens this parcel', async () => {
    const { orderId, number, awb, message } = await undelivered('Address incomplete');
    await tap(number, message.id, `address_correct:${orderId}`);
    const [answer] = await answersIn(number);
    const token = /\/delivery-answer\?token=([\w.-]+)/.exec(answer?.text ?? '')?.[1];
    if (!token) throw new Error(`no link in the answer: ${answer?.text}`);
    const page = await shop.app.inject({ method: 'POST', url: '/api/shipment_ndr_details', payload: { token } });
    const details = ShipmentNdrDetailsAnswer.parse(expectStatus(page, 200)).data;
    expect(details).toMatchObject({ order_id: orderId, awb, reason: 'Address incomplete', attempts: 1 });
    expect(await reattemptsOf(awb)).toHaveLength(0);
  });

  it('a tap once the parcel moved on is answered politely, once, and asks the courier nothing', async () => {
    const { orderId, number, awb, message } = await undelivered();
    await advance(awb, 'out_for_delivery');
    await tap(number, message.id, `delivery_retry:${orderId}`);
    await advance(awb, 'delivered');
    await tap(number, message.id, `address_correct:${orderId}`);
    expect(await reattemptsOf(awb)).toHaveLength(0);
    expect((await answersIn(number)).map((m) => m.text)).toEqual([
      expect.stringMatching(/is out for delivery again, so nothing has changed/),
      expect.stringMatching(/is already delivered, so nothing has changed/),
    ]);
  });

  it('never trusts the payload alone: another order named, another number, or a message not the shop’s change nothing', async () => {
    const first = await undelivered();
    const second = await undelivered();
    await signedTap(first.number, first.message.id, `delivery_retry:${second.orderId}`);
    await signedTap(first.number, second.message.id, `delivery_retry:${second.orderId}`);
    await signedTap(second.number, 'wamid.NOT-THE-SHOPS', `delivery_retry:${second.orderId}`);
    await signedTap(second.number, first.message.id, `address_correct:${first.orderId}`);
    expect(await reattemptsOf(first.awb)).toHaveLength(0);
    expect(await reattemptsOf(second.awb)).toHaveLength(0);
    expect(await answersIn(first.number)).toEqual([]);
    expect(await answersIn(second.number)).toEqual([]);
  });
});
