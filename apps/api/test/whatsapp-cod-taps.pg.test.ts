import { admin } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SANDBOX_DISPLAY_NUMBER,
  SANDBOX_PHONE_NUMBER_ID,
  SANDBOX_PREFIX,
  SANDBOX_WABA_ID,
  WEBHOOK_PATH,
} from '../src/dev/whatsapp-sandbox/sandbox.constants';
import { newWamid } from '../src/dev/whatsapp-sandbox/sandbox.graph';
import { signatureOf } from '../src/dev/whatsapp-sandbox/sandbox.webhooks';
import { OWNER } from '../src/modules/admin/admin.fixtures';
import { boundFor, COST_MS } from './bounds';
import { HttpClient } from './http-client';
import { expectOk, HttpShoppers, type Item } from './http-shopping';
import { PostgresShops, type RunningShop } from './postgres-shops';

/**
 * Issue 36's proofs across processes (PostgreSQL only): two shop processes on one database, each running its outbox
 * sender and answering Meta's webhook.
 * - One event, one WhatsApp message: a COD order placed with the WhatsApp box ticked gets its confirmation once, in
 *   one outbox row, whichever process's sender claims it (whatsapp-outbox.pg.test.ts proves the claim itself on rows
 *   queued by hand; this is the same through the checkout).
 * - A double tap makes one move: the same signed webhook delivered to both processes at once (Meta retries, a load
 *   balancer sends the retry to the other), or Confirm and Cancel tapped at once and received by different processes.
 *   The order moves once (one history entry, the stock back at most once) and one polite answer says it had moved.
 */
const processes = new PostgresShops(process.env.DATABASE_URL ?? '', 'whatsapp_cod_taps');
const sql = <T>(text: string, values: unknown[] = []): Promise<T[]> =>
  admin(processes.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

/** The COD orders tapped: three ways of meeting, three times each. */
const ROUNDS = 9;
const QUANTITY = 2;

let shopA: RunningShop;
let shopB: RunningShop;
const owner = new HttpClient('127.0.0.2');
/** The shoppers, from 127.0.0.151 on (each race test file keeps its own range). */
const shoppers = new HttpShoppers(sql, 151);

interface Placed {
  id: number;
  item: Item;
  /** The number the confirmation went to (country code and digits, as WhatsApp writes it). */
  phone: string;
  /** The confirmation's message id, which a tap answers. */
  wamid: string;
}
const placed: Placed[] = [];

beforeAll(
  async () => {
    [shopA, shopB] = (await processes.start(2)) as [RunningShop, RunningShop];
    owner.token = expectOk(await owner.console(shopA.baseUrl, 'POST', '/login', OWNER)).token;
    const rules = {
      cod_enabled: true,
      cod_min_order: 1,
      cod_max_order: 100_000,
      cod_confirm_above: 1,
      whatsapp_kinds: ['order_cod_confirm'],
    };
    expectOk(await owner.send('PATCH', `${shopA.baseUrl}/admin/api/settings`, rules));
    await shoppers.prepare(shopA.baseUrl, ROUNDS);
  },
  boundFor({ operations: 40, processStarts: 2 }),
);

afterAll(async () => {
  owner.close();
  shoppers.close();
  await processes.close();
});

type Outbox = { status: string; channel: string; wa_phone: string | null; wa_message_id: string | null };
const outboxOf = (orderId: number) =>
  sql<Outbox>(`SELECT status, channel, wa_phone, wa_message_id FROM outbox_messages WHERE key = $1 ORDER BY id`, [
    `order-placed:${orderId}`,
  ]);
type Chat = { wamid: string; direction: string; template: string | null; text: string };
const chatOf = (phone: string) =>
  sql<Chat>('SELECT wamid, direction, template, text FROM sandbox_whatsapp_messages WHERE phone = $1 ORDER BY id', [
    phone,
  ]);
const stockOf = async (item: Item) =>
  (
    await sql<{ stock: number; reserved: number }>(
      'SELECT stock, reserved FROM product_sizes WHERE product_id = $1 AND size_id = $2',
      [item.productId, item.sizeId],
    )
  )[0];

/** Polls `read` until `done` holds of it; the deadline only ends a wait that would never succeed. */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string): Promise<T> {
  const deadline = Date.now() + 30 * COST_MS.operation;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The webhook body Meta (and the sandbox) sends for a quick-reply tap on `placed`'s confirmation. */
function tapWebhook(order: Placed, payload: string, wamid = newWamid()): string {
  const message = {
    from: order.phone,
    id: wamid,
    timestamp: String(Math.floor(Date.now() / 1000)),
    context: { from: SANDBOX_DISPLAY_NUMBER, id: order.wamid },
    type: 'button',
    button: { payload, text: payload.startsWith('cod_confirm') ? 'Confirm order' : 'Cancel order' },
  };
  const value = {
    messaging_product: 'whatsapp',
    metadata: { display_phone_number: SANDBOX_DISPLAY_NUMBER, phone_number_id: SANDBOX_PHONE_NUMBER_ID },
    contacts: [{ profile: { name: 'Asha' }, wa_id: order.phone }],
    messages: [message],
  };
  return JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: SANDBOX_WABA_ID, changes: [{ field: 'messages', value }] }],
  });
}

/** POSTs the raw webhook, signed under the sandbox's app secret, to `shop`'s receiver; it must be taken (200). */
async function deliver(shop: RunningShop, body: string): Promise<void> {
  const response = await fetch(`${shop.baseUrl}${WEBHOOK_PATH}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-hub-signature-256': signatureOf(body) },
    body,
  });
  expect(response.status, await response.text()).toBe(200);
}

/** A tap on the sandbox phone of `shop` (its test route, as the page's button calls it); answers the tap's wamid. */
async function tapInSandbox(shop: RunningShop, order: Placed, payload: string): Promise<string> {
  const tapped = await owner.send('POST', `${shop.baseUrl}${SANDBOX_PREFIX}/test/reply`, {
    from: order.phone,
    context_message_id: order.wamid,
    button_payload: payload,
  });
  return expectOk(tapped).message_id as string;
}

/** Until every webhook the sandboxes queued for these taps has been delivered and answered 2xx. */
const sandboxDelivered = (wamids: string[]) =>
  until(
    () =>
      sql<{ waiting: number }>(
        'SELECT count(*)::int AS waiting FROM sandbox_whatsapp_webhooks WHERE wamid = ANY($1) AND delivered_at IS NULL',
        [wamids],
      ),
    (rows) => rows[0]?.waiting === 0,
    'tap webhooks not delivered',
  );

/** The order's end after the taps: status, its moves out of cod_pending_confirmation, the replies stored. */
async function afterTaps(order: Placed) {
  const [row] = await sql<{ status: string }>('SELECT status FROM orders WHERE id = $1', [order.id]);
  const moves = await sql<{ status: string }>(
    `SELECT status FROM order_events WHERE order_id = $1 AND status IN ('cod_confirmed', 'cancelled') ORDER BY id`,
    [order.id],
  );
  const chat = await chatOf(order.phone);
  const answers = chat.filter((m) => m.direction === 'out' && m.wamid !== order.wamid);
  const replies = await sql<{ message_id: string }>(
    "SELECT message_id FROM whatsapp_events WHERE event = 'reply' AND context_id = $1",
    [order.wamid],
  );
  return { status: row?.status, moves: moves.map((m) => m.status), answers, replies, stock: await stockOf(order.item) };
}

describe('WhatsApp with two shop processes on one PostgreSQL', () => {
  it(`${ROUNDS} COD orders placed with the WhatsApp box ticked: each confirmation sent once, in one outbox row`, {
    timeout: boundFor({ operations: ROUNDS * 12 }),
  }, async () => {
    for (let n = 0; n < ROUNDS; n += 1) {
      const shop = n % 2 ? shopB : shopA;
      const order = await shoppers.codOrder(shop.baseUrl, QUANTITY, { whatsapp_updates: true });
      placed.push({ id: order.id, item: order.item, phone: '', wamid: '' });
    }
    // Both processes' senders run every two seconds on the same due rows; each confirmation goes once.
    for (const order of placed) {
      const rows = await until(
        () => outboxOf(order.id),
        (r) => r.some((row) => row.status === 'sent'),
        `order ${order.id}'s confirmation never sent`,
      );
      expect(rows, JSON.stringify(rows)).toHaveLength(1);
      expect(rows[0]).toMatchObject({ channel: 'whatsapp', status: 'sent' });
      order.phone = rows[0]?.wa_phone ?? '';
      order.wamid = rows[0]?.wa_message_id ?? '';
      const chat = await chatOf(order.phone);
      expect(chat.map((m) => [m.wamid, m.template])).toEqual([[order.wamid, 'cod_order_confirmation']]);
    }
  });

  it(`${ROUNDS} double taps, each received by both processes at once, make one move each`, {
    timeout: boundFor({ operations: ROUNDS * 14 }),
  }, async () => {
    expect(placed).toHaveLength(ROUNDS);
    const outcomes: string[] = [];
    for (const [round, order] of placed.entries()) {
      const [first, second] = round % 2 ? [shopB, shopA] : [shopA, shopB];
      const before = await stockOf(order.item);
      const way = round % 3;
      const confirmFirst = round % 2 === 0;
      const [tapped, other] = confirmFirst ? ['cod_confirm', 'cod_cancel'] : ['cod_cancel', 'cod_confirm'];
      if (way === 0) {
        // Meta's one webhook, delivered twice: to both processes at the same moment.
        const body = tapWebhook(order, `${tapped}:${order.id}`);
        await Promise.all([deliver(first, body), deliver(second, body)]);
      } else if (way === 1) {
        // Confirm and Cancel tapped at once, each webhook received by another process.
        await Promise.all([
          deliver(first, tapWebhook(order, `${tapped}:${order.id}`)),
          deliver(second, tapWebhook(order, `${other}:${order.id}`)),
        ]);
      } else {
        // The same, through each process's sandbox phone (its test route, which the page's buttons call).
        const wamids = await Promise.all([
          tapInSandbox(first, order, `${tapped}:${order.id}`),
          tapInSandbox(second, order, `${other}:${order.id}`),
        ]);
        await sandboxDelivered(wamids);
      }
      const after = await afterTaps(order);
      const what = `round ${round} (way ${way}): ${JSON.stringify(after)}`;
      expect(after.moves, what).toHaveLength(1);
      expect(after.status, what).toBe(after.moves[0]);
      if (way === 0) expect(after.status, what).toBe(tapped === 'cod_confirm' ? 'cod_confirmed' : 'cancelled');
      // The stock goes back once on a cancel, and not at all on a confirm.
      const back = after.status === 'cancelled' ? QUANTITY : 0;
      expect(after.stock, what).toEqual({ stock: (before?.stock ?? 0) + back, reserved: before?.reserved });
      // One reply stored per tap; a tap on the order already moved is answered politely, once; a repeat, never.
      expect(after.replies, what).toHaveLength(way === 0 ? 1 : 2);
      expect(after.answers, what).toHaveLength(way === 0 ? 0 : 1);
      if (way !== 0) expect(after.answers[0]?.text, what).toMatch(/already (confirmed|cancelled)/);
      outcomes.push(after.status ?? 'none');
    }
    // Still one confirmation per order: no tap made the outbox send it again.
    for (const order of placed) {
      const templates = (await chatOf(order.phone)).filter((m) => m.template !== null);
      expect(templates, String(order.id)).toHaveLength(1);
      expect(await outboxOf(order.id)).toHaveLength(1);
    }
    console.info(`whatsapp double tap outcomes: ${outcomes.join(', ')}`);
  });
});
