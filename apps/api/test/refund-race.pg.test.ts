import { randomUUID } from 'node:crypto';
import { formatPaise } from '@kapaas/contract';
import { admin } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER } from '../src/modules/admin/admin.fixtures';
import { boundFor } from './bounds';
import { HttpClient, type JsonAnswer } from './http-client';
import { expectOk, HttpShoppers } from './http-shopping';
import { PostgresShops, type RunningShop } from './postgres-shops';

/**
 * Issue 32's refund race, across processes (runs only on PostgreSQL, CI's second pass): two shop processes on one
 * database, the owner pressing refund for the same order in both at the same moment, as from two browser tabs, each
 * with its own idempotency key. Everything is done over HTTP as people do it; the provider is the built-in Razorpay
 * sandbox, which each process runs with its state in the shared database, so both ask the same provider. The checks
 * read the database: the provider's refunds (sandbox_razorpay_refunds), the shop's refunds, payments, claims, credit
 * notes, audit log and the shopper's messages about refunds. The provider's `refund.processed` webhooks reach the
 * process that made each refund meanwhile, as they would from Razorpay, and race the console's own record of it.
 */
const processes = new PostgresShops(process.env.DATABASE_URL ?? '', 'refund_race');
const sql = <T>(text: string, values: unknown[] = []): Promise<T[]> =>
  admin(processes.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

/** Orders each refunded in full by both processes at once: enough rounds for the two to interleave every way. */
const ROUNDS = 5;
/** Orders refunded in rounds of two ₹100 refunds, one in each process at once, and the rounds of each. */
const PARTIAL_ORDERS = 2;
const PARTIAL_ROUNDS = 3;
/** Orders each asked, in both processes at once, for a refund of more than half of what was paid. */
const OVER_ROUNDS = 3;
/** Received returns each refunded by both processes at once. */
const RETURNS = 3;

let shopA: RunningShop;
let shopB: RunningShop;
/** The owner, logged in once; one browser, two tabs (A and B), from one address. */
const owner = new HttpClient('127.0.0.2');
/** The shoppers, from 127.0.0.11 on, each placing and paying an order as a guest. */
const shoppers = new HttpShoppers(sql);
const paidOrder = (shop: RunningShop, quantity: number) => shoppers.paidOrder(shop.baseUrl, quantity);
const webhooksDelivered = (providerOrderId: string) => shoppers.webhooksDelivered(providerOrderId);

beforeAll(
  async () => {
    [shopA, shopB] = (await processes.start(2)) as [RunningShop, RunningShop];
    const login = expectOk(await owner.console(shopA.baseUrl, 'POST', '/login', OWNER));
    owner.token = login.token;
    await shoppers.prepare(shopA.baseUrl, ROUNDS + PARTIAL_ORDERS + OVER_ROUNDS + RETURNS);
  },
  boundFor({ operations: 60, processStarts: 2 }),
);

afterAll(async () => {
  owner.close();
  shoppers.close();
  await processes.close();
});

/** How many refund webhooks the sandbox sent about a provider order. */
async function refundWebhooks(providerOrderId: string): Promise<number> {
  const [row] = await sql<{ n: number }>(
    `SELECT count(*)::int AS n FROM sandbox_razorpay_webhooks WHERE order_id = $1 AND event = 'refund.processed'`,
    [providerOrderId],
  );
  return row?.n ?? 0;
}

/** What the order's money looks like: at the provider, in the shop's books, and on its tax documents. */
async function moneyOf(orderId: number) {
  const [order] = await sql<{ status: string; total: number }>(
    'SELECT status, total_paise AS total FROM orders WHERE id = $1',
    [orderId],
  );
  const payments = await sql<{ id: number; amount: number; refunded: number }>(
    'SELECT id, amount_paise AS amount, refunded_paise AS refunded FROM payments WHERE order_id = $1',
    [orderId],
  );
  const ofOrder = (table: string, column: string, amount: string, more = '') =>
    sql<{ amount: number; key: string | null; state?: string }>(
      `SELECT x.${amount} AS amount, x.${column} AS key ${more} FROM ${table} x
         JOIN payments p ON ${table === 'sandbox_razorpay_refunds' ? 'p.provider_payment_id' : 'p.id'} = x.payment_id
        WHERE p.order_id = $1 ORDER BY x.${amount}, x.${column}`,
      [orderId],
    );
  const notes = await sql<{ amount: number; reason: string }>(
    `SELECT n.amount_paise AS amount, n.reason FROM credit_notes n JOIN tax_invoices i ON i.id = n.invoice_id
      WHERE i.order_id = $1 ORDER BY n.id`,
    [orderId],
  );
  return {
    status: order?.status,
    total: order?.total ?? 0,
    payments,
    atProvider: await ofOrder('sandbox_razorpay_refunds', 'idempotency_key', 'amount_paise'),
    recorded: await ofOrder('refunds', 'request_key', 'amount_paise'),
    claims: await ofOrder('refund_claims', 'provider_key', 'amount_paise', ', x.state'),
    creditNotes: notes.map((n) => n.amount),
    creditNoteReasons: notes.map((n) => n.reason),
    told: await toldOfRefunds(payments.map((p) => p.id)),
    refundAudits: (
      await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE resource = 'orders' AND resource_id = $1 AND action = 'refund'`,
        [String(orderId)],
      )
    )[0]?.n,
  };
}

/**
 * The shopper's messages about refunds of these payments, in the order queued: the order's (`order_refunded`) or a
 * return's (`return_refunded`), with the amount each says was refunded. Both take the key of the payment's refund.
 */
async function toldOfRefunds(paymentIds: number[]) {
  return sql<{ kind: string; amount: number }>(
    `SELECT kind, (payload->>'amount_paise')::int AS amount FROM outbox_messages
      WHERE kind IN ('order_refunded', 'return_refunded') AND split_part(key, ':', 2) = ANY($1::text[])
        AND key LIKE 'order-refunded:%' ORDER BY id`,
    [paymentIds.map(String)],
  );
}

/** A fresh console idempotency key, as each tab makes one for the refund it asks for. */
const tabKey = (tab: string) => `${tab}-${randomUUID().replaceAll('-', '').slice(0, 24)}`;

/** Both tabs press refund at the same moment, A's in process A and B's in process B. */
function refundInBothProcesses(orderId: number, bodies: [object, object]): Promise<JsonAnswer[]> {
  return Promise.all([
    owner.console(shopA.baseUrl, 'POST', `/orders/${orderId}/refund`, { ...bodies[0], idempotency_key: tabKey('a') }),
    owner.console(shopB.baseUrl, 'POST', `/orders/${orderId}/refund`, { ...bodies[1], idempotency_key: tabKey('b') }),
  ]);
}

describe('two processes refunding the same order at once (PostgreSQL)', () => {
  it(`in full, ${ROUNDS} times: one refund at the provider, recorded once, the order refunded, both answered 200`, {
    timeout: boundFor({ operations: ROUNDS * (10 + 2 + 12) }),
  }, async () => {
    const orders = [];
    for (let round = 0; round < ROUNDS; round += 1) orders.push(await paidOrder(round % 2 ? shopB : shopA, 1));
    for (const order of orders) {
      const answers = await refundInBothProcesses(order.id, [{}, {}]);
      // Both tabs are answered 200 with the order: the one whose refund was made, and the other, which found that
      // money claimed or refunded already and had nothing left to ask for (a full refund asked again changes nothing).
      expect(
        answers.map((a) => a.status),
        JSON.stringify(answers.map((a) => a.body)),
      ).toEqual([200, 200]);
      await webhooksDelivered(order.providerOrderId);
      expect(await refundWebhooks(order.providerOrderId)).toBe(1);
      const money = await moneyOf(order.id);
      const [payment] = money.payments;
      expect(money.payments).toHaveLength(1);
      expect(money.atProvider.map((r) => r.amount)).toEqual([payment?.amount]);
      expect(money.recorded.map((r) => r.amount)).toEqual([payment?.amount]);
      // The refund made is one of the two tabs' own (its request key), and its claim the only one: the other tab
      // claimed nothing and asked the provider for nothing.
      expect(money.recorded[0]?.key).toMatch(new RegExp(`^o${order.id}-(a|b)-`));
      expect(money.claims.map(({ amount, state }) => ({ amount, state }))).toEqual([
        { amount: payment?.amount, state: 'made' },
      ]);
      expect(payment?.refunded).toBe(payment?.amount);
      expect(money.status).toBe('refunded');
      expect(money.creditNotes).toEqual([money.total]);
      expect(money.told).toEqual([{ kind: 'order_refunded', amount: payment?.amount }]);
      expect(money.refundAudits).toBe(1);
    }
  });

  it(`of ₹100 each, with their own keys, ${PARTIAL_ROUNDS} times over: two refunds each time, never more than paid`, {
    timeout: boundFor({ operations: PARTIAL_ORDERS * (10 + PARTIAL_ROUNDS * (2 + 12)) }),
  }, async () => {
    const orders = [];
    for (let n = 0; n < PARTIAL_ORDERS; n += 1) orders.push(await paidOrder(n % 2 ? shopB : shopA, 2));
    // Room for every refund asked for: none may be refused for want of money.
    for (const order of orders) expect((await moneyOf(order.id)).total).toBeGreaterThan(PARTIAL_ROUNDS * 20_000);
    for (const order of orders) await partialRounds(order);
  });

  /** Both tabs ask for ₹100 of the order at once, round after round: two refunds each time, each made once. */
  async function partialRounds(order: { id: number; providerOrderId: string }) {
    for (let round = 1; round <= PARTIAL_ROUNDS; round += 1) {
      const answers = await refundInBothProcesses(order.id, [{ amount: 100 }, { amount: 100 }]);
      // Two tabs, two keys, two requests: each is a refund of its own, made once.
      expect(
        answers.map((a) => a.status),
        JSON.stringify(answers.map((a) => a.body)),
      ).toEqual([200, 200]);
      await webhooksDelivered(order.providerOrderId);
      expect(await refundWebhooks(order.providerOrderId)).toBe(2 * round);
      const money = await moneyOf(order.id);
      const [payment] = money.payments;
      const made = Array.from({ length: 2 * round }, () => 10_000);
      expect(money.atProvider.map((r) => r.amount)).toEqual(made);
      expect(money.recorded.map((r) => r.amount)).toEqual(made);
      expect(money.claims.map((c) => c.state)).toEqual(made.map(() => 'made'));
      expect(payment?.refunded).toBe(20_000 * round);
      expect(payment?.refunded).toBeLessThan(payment?.amount ?? 0);
      expect(money.status).toBe('paid');
      // Each refund on a credit note of its own, and told to the shopper once, with its own amount.
      expect(money.creditNotes).toEqual(made);
      expect(money.told).toEqual(made.map((amount) => ({ kind: 'order_refunded', amount })));
      expect(money.refundAudits).toBe(2 * round);
    }
  }

  it(`of more than half each, ${OVER_ROUNDS} times: one is made, the other is told what is left (400), changing nothing`, {
    timeout: boundFor({ operations: OVER_ROUNDS * (10 + 2 + 12) }),
  }, async () => {
    const orders = [];
    for (let round = 0; round < OVER_ROUNDS; round += 1) orders.push(await paidOrder(round % 2 ? shopA : shopB, 1));
    for (const order of orders) {
      const { total } = await moneyOf(order.id);
      // Whole rupees, more than half of the payment: the two together would be more than was paid.
      const asked = Math.ceil((total * 0.6) / 100) * 100;
      const answers = await refundInBothProcesses(order.id, [{ amount: asked / 100 }, { amount: asked / 100 }]);
      const statuses = answers.map((a) => a.status).sort();
      expect(statuses, JSON.stringify(answers.map((a) => a.body))).toEqual([200, 400]);
      const refused = answers.find((a) => a.status === 400)?.body;
      expect(refused.errors).toEqual({ amount: [`At most ${formatPaise(total - asked)} can still be refunded.`] });
      await webhooksDelivered(order.providerOrderId);
      expect(await refundWebhooks(order.providerOrderId)).toBe(1);
      const money = await moneyOf(order.id);
      expect(money.atProvider.map((r) => r.amount)).toEqual([asked]);
      expect(money.recorded.map((r) => r.amount)).toEqual([asked]);
      // The refused request left nothing behind: no claim of its own, no refund, no audit entry.
      expect(money.claims.map((c) => c.state)).toEqual(['made']);
      expect(money.payments[0]?.refunded).toBe(asked);
      expect(money.status).toBe('paid');
      expect(money.creditNotes).toEqual([asked]);
      expect(money.told).toEqual([{ kind: 'order_refunded', amount: asked }]);
      expect(money.refundAudits).toBe(1);
    }
  });
});

describe('two processes refunding the same received return at once (PostgreSQL)', () => {
  /** An order of two pieces, paid, delivered through the console; the shopper returns one, which arrives. */
  async function receivedReturn(shop: RunningShop) {
    const order = await paidOrder(shop, 2);
    for (const status of ['packed', 'shipped', 'delivered']) {
      expectOk(await owner.console(shop.baseUrl, 'POST', `/orders/${order.id}/status`, { status }));
    }
    const line = { product_id: order.item.productId, size: order.item.sizeId, quantity: 1, kind: 'return' };
    const asked = expectOk(
      await order.shopper.api(shop.baseUrl, 'return_request', {
        order_id: order.id,
        lines: [{ ...line, reason: 'too_small' }],
      }),
    );
    const returnId = asked.return_id as number;
    for (const action of ['approve', 'receive']) {
      expectOk(await owner.console(shop.baseUrl, 'POST', `/returns/${returnId}/${action}`, {}));
    }
    return { ...order, returnId };
  }

  it(`${RETURNS} times: one refund at the provider for the piece, recorded once; the later press is told 409`, {
    timeout: boundFor({ operations: RETURNS * (10 + 3 + 3 + 2 + 12) }),
  }, async () => {
    const returns = [];
    for (let n = 0; n < RETURNS; n += 1) returns.push(await receivedReturn(n % 2 ? shopB : shopA));
    for (const { id, providerOrderId, item, returnId } of returns) {
      const answers = await Promise.all([
        owner.console(shopA.baseUrl, 'POST', `/returns/${returnId}/refund`, {}),
        owner.console(shopB.baseUrl, 'POST', `/returns/${returnId}/refund`, {}),
      ]);
      const bodies = JSON.stringify(answers.map((a) => a.body));
      expect(answers.map((a) => a.status).sort(), bodies).toEqual([200, 409]);
      const refused = answers.find((a) => a.status === 409)?.body;
      expect(refused.code).toBe('ILLEGAL_RETURN_MOVE');
      await webhooksDelivered(providerOrderId);
      expect(await refundWebhooks(providerOrderId)).toBe(1);
      const money = await moneyOf(id);
      expect(money.atProvider.map((r) => r.amount)).toEqual([item.unitPaise]);
      expect(money.recorded.map((r) => r.amount)).toEqual([item.unitPaise]);
      expect(money.claims.map((c) => c.state)).toEqual(['made']);
      expect(money.payments[0]?.refunded).toBe(item.unitPaise);
      expect(money.creditNotes).toEqual([item.unitPaise]);
      // The return's own credit note, naming the piece that came back, not a refund shared over the invoice.
      expect(money.creditNoteReasons).toEqual([`Goods returned (return #${returnId}): 1 piece.`]);
      // One message, the return's: not the order's plain refund message as well, nor instead.
      expect(money.told).toEqual([{ kind: 'return_refunded', amount: item.unitPaise }]);
      expect(money.status).toBe('delivered');
      const detail = expectOk(await owner.console(shopA.baseUrl, 'GET', `/returns/${returnId}`)).data;
      expect(detail).toMatchObject({
        status: 'completed',
        refund: { amount: item.unitPaise / 100, method: 'provider' },
      });
      const audits = await sql<{ n: number }>(
        `SELECT count(*)::int AS n FROM audit_log WHERE resource = 'returns' AND resource_id = $1 AND action = 'refund'`,
        [String(returnId)],
      );
      expect(audits[0]?.n).toBe(1);
    }
  });
});
