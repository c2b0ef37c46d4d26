import { createHmac, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_APP_SECRET, SANDBOX_PREFIX } from '../../dev/whatsapp-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures, KOCHI } from '../checkout/checkout.fixtures';
import { sendDueWhatsApp } from '../mail';

/*
 * The console's view of WhatsApp (issue 36): an order's messages (e-mail and WhatsApp, with Meta's statuses and the
 * e-mail fallback) and the shopper's replies to them, and the owner's inbox of replies no handler of the shop took
 * (a free text, a reply to a message the shop does not know). Through the checkout, the real client and the
 * sandbox's signed webhook.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
let phones = 0;
const newMobile = () => `98475${String(10_000 + ++phones).padStart(5, '0')}`;
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

type Reply = {
  id: number;
  from: string;
  type: string;
  text: string | null;
  button_payload: string | null;
  context_id: string | null;
  handled: boolean;
  answered: { outbox_id: number; kind: string; kind_label: string; order_id: number | null } | null;
};
type OrderMessage = {
  id: number;
  kind: string;
  channel: string;
  recipient: string | null;
  fallback_reason: string | null;
  whatsapp: { phone: string; status: string | null; message_id: string | null; error: string | null } | null;
};

/** A COD order waiting for confirmation; with consent, its confirmation is sent on WhatsApp. */
async function codOrder(whatsapp = true) {
  const mobile = newMobile();
  const item = await f.stockedItem(5);
  const { shopper, addressId } = await f.readyGuest(item, 1, { ...KOCHI, phone: mobile });
  const placed = await f.place(shopper, addressId, [{ item, quantity: 1 }], {
    payment_method: 'cod',
    whatsapp_updates: whatsapp,
  });
  expect(placed.statusCode, placed.body).toBe(200);
  const orderId = placed.json().order_id as number;
  await sendDueWhatsApp({ db: shop.database.db, log: shop.app.deps.log }, shop.app.whatsapp.client);
  await idle();
  const number = `91${mobile}`;
  const chat = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/test/messages?to=${number}` });
  const sent = (chat.json() as { id: string; direction: string }[]).filter((m) => m.direction === 'out');
  return { orderId, number, messageId: sent[0]?.id };
}

async function reply(from: string, body: { context_message_id: string; button_payload?: string; text?: string }) {
  const response = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/reply`,
    payload: { from, ...body },
  });
  expect(response.statusCode, response.body).toBe(200);
  await idle();
}

/** A text with no context (the shopper wrote first), signed as Meta signs it: the sandbox's phone always replies. */
async function textOutOfTheBlue(from: string, text: string, contextId?: string) {
  const message = {
    from,
    id: `wamid.IN-${randomUUID()}`,
    timestamp: String(Math.floor(Date.now() / 1000)),
    type: 'text',
    text: { body: text },
    ...(contextId ? { context: { id: contextId, from: '15550000000' } } : {}),
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
  return message.id;
}

async function inbox(client: AdminClient = owner, query: Record<string, number> = {}) {
  const response = await client.get('/whatsapp-inbox', { per_page: 100, ...query });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as { data: Reply[]; total: number; page: number; per_page: number };
}

async function messagesOf(orderId: number, client: AdminClient = owner) {
  const response = await client.get(`/orders/${orderId}/messages`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data as { messages: OrderMessage[]; replies: Reply[] };
}

describe("the owner's WhatsApp inbox", () => {
  it('keeps a free text no handler took, with who wrote, what, and the order of the message it answered', async () => {
    const { orderId, number, messageId } = await codOrder();
    if (!messageId) throw new Error('no confirmation on WhatsApp');
    await reply(number, { context_message_id: messageId, text: 'Can you deliver after 6 pm?' });
    const [latest] = (await inbox()).data;
    expect(latest).toMatchObject({
      from: number,
      type: 'text',
      text: 'Can you deliver after 6 pm?',
      context_id: messageId,
      handled: false,
      answered: { kind: 'order_placed', order_id: orderId },
    });
  });

  it('keeps a reply to a message the shop never sent, and a text that answers nothing', async () => {
    const stray = await textOutOfTheBlue('919847000111', 'Is the shop open on Sunday?');
    const unknown = await textOutOfTheBlue('919847000112', 'Which one?', 'wamid.NOT-THE-SHOPS');
    const listed = (await inbox()).data;
    expect(listed.find((r) => r.text === 'Is the shop open on Sunday?')).toMatchObject({
      from: '919847000111',
      context_id: null,
      answered: null,
    });
    expect(listed.find((r) => r.text === 'Which one?')).toMatchObject({
      context_id: 'wamid.NOT-THE-SHOPS',
      answered: null,
    });
    expect(stray).not.toBe(unknown);
  });

  it('does not list a COD tap the shop acted on, nor a STOP, but the order page shows the tap', async () => {
    const { orderId, number, messageId } = await codOrder();
    if (!messageId) throw new Error('no confirmation on WhatsApp');
    await reply(number, { context_message_id: messageId, button_payload: `cod_confirm:${orderId}` });
    expect((await f.orderRow(orderId)).status).toBe('cod_confirmed');
    await reply(number, { context_message_id: messageId, text: 'STOP' });
    const fromThem = (await inbox()).data.filter((r) => r.from === number);
    expect(fromThem).toEqual([]);
    const { replies } = await messagesOf(orderId);
    expect(replies.map((r) => [r.type, r.button_payload ?? r.text, r.handled])).toEqual([
      ['button', `cod_confirm:${orderId}`, true],
      ['text', 'STOP', true],
    ]);
  });

  it('lists a tap the shop refused (another number tapping the order’s buttons)', async () => {
    const { orderId, messageId } = await codOrder();
    if (!messageId) throw new Error('no confirmation on WhatsApp');
    await reply('919847000999', { context_message_id: messageId, button_payload: `cod_cancel:${orderId}` });
    expect((await f.orderRow(orderId)).status).toBe('cod_pending_confirmation');
    const [latest] = (await inbox()).data;
    expect(latest).toMatchObject({ from: '919847000999', button_payload: `cod_cancel:${orderId}`, handled: false });
  });

  it('pages, newest first', async () => {
    await textOutOfTheBlue('919847000201', 'first of two');
    await textOutOfTheBlue('919847000202', 'second of two');
    const first = await inbox(owner, { per_page: 1, page: 1 });
    const second = await inbox(owner, { per_page: 1, page: 2 });
    expect(first.total).toBeGreaterThanOrEqual(2);
    expect(second.total).toBe(first.total);
    expect(first.data).toHaveLength(1);
    expect(second.data).toHaveLength(1);
    expect(first.data[0]?.id).toBeGreaterThan(second.data[0]?.id ?? Number.POSITIVE_INFINITY);
  });

  it('is the owner’s only: staff are refused, and no session is unauthorised', async () => {
    const staff = await admin.staff(owner);
    expectStatus(await staff.get('/whatsapp-inbox'), 403);
    expectStatus(await admin.client().get('/whatsapp-inbox'), 401);
  });
});

describe("an order's messages in the console", () => {
  it('lists the WhatsApp confirmation with Meta’s status beside the e-mails, oldest first', async () => {
    const { orderId, number } = await codOrder();
    const { messages } = await messagesOf(orderId);
    const kinds = messages.map((m) => [m.kind, m.channel]);
    expect(kinds).toContainEqual(['order_placed', 'whatsapp']);
    expect(kinds).toContainEqual(['owner_new_order', 'email']);
    const confirmation = messages.find((m) => m.kind === 'order_placed');
    expect(confirmation?.whatsapp).toMatchObject({ phone: number, status: 'delivered', error: null });
    expect(messages.map((m) => m.id)).toEqual([...messages.map((m) => m.id)].sort((a, b) => a - b));
  });

  it('says why a message went by e-mail instead', async () => {
    const { orderId } = await codOrder(false);
    const { messages } = await messagesOf(orderId);
    const confirmation = messages.find((m) => m.kind === 'order_placed');
    expect(confirmation?.channel).toBe('email');
    expect(confirmation?.fallback_reason).toMatch(/consent/i);
  });

  it('shows staff the shopper’s messages, not the owners’ copies', async () => {
    const { orderId } = await codOrder();
    const staff = await admin.staff(owner);
    const { messages } = await messagesOf(orderId, staff);
    expect(messages.map((m) => m.kind)).toContain('order_placed');
    expect(messages.map((m) => m.kind)).not.toContain('owner_new_order');
  });

  it('answers 404 for an order that does not exist, and 401 without a session', async () => {
    const { orderId } = await codOrder();
    expectStatus(await owner.get('/orders/99999999/messages'), 404);
    expectStatus(await admin.client().get(`/orders/${orderId}/messages`), 401);
  });
});
