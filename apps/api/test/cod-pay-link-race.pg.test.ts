import { admin } from '@kapaas/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OWNER } from '../src/modules/admin/admin.fixtures';
import { boundFor, COST_MS } from './bounds';
import { HttpClient } from './http-client';
import { expectOk, HttpShoppers } from './http-shopping';
import { PostgresShops, type RunningShop } from './postgres-shops';

/**
 * Issue 34's race, across processes (PostgreSQL only): a cash-on-delivery order's payment link (its confirmation's
 * Razorpay Payment Link) is paid in the sandbox at the moment the owner cancels the order in the console of the other
 * process. Whatever the interleaving, the order ends either paid online (the cancel came too late... and then gave the
 * money back) or cancelled with the payment refunded in full, once: never cancelled with the money kept, never paid
 * twice, never a payment the shop does not know of.
 */
const processes = new PostgresShops(process.env.DATABASE_URL ?? '', 'cod_pay_link_race');
const sql = <T>(text: string, values: unknown[] = []): Promise<T[]> =>
  admin(processes.databaseUrl, async (client) => (await client.query(text, values)).rows as T[]);

/** Orders each paid by link while cancelled: enough for the two to interleave every way. */
const ROUNDS = 9;

let shopA: RunningShop;
let shopB: RunningShop;
const owner = new HttpClient('127.0.0.2');
/** The shoppers, from 127.0.0.71 on (each race test file keeps its own range). */
const shoppers = new HttpShoppers(sql, 71);

beforeAll(
  async () => {
    [shopA, shopB] = (await processes.start(2)) as [RunningShop, RunningShop];
    const login = expectOk(await owner.console(shopA.baseUrl, 'POST', '/login', OWNER));
    owner.token = login.token;
    const rules = {
      cod_enabled: true,
      cod_min_order: 1,
      cod_max_order: 100_000,
      cod_confirm_above: null,
      cod_excluded_pins: [],
      cod_pay_link_hours: 48,
      prepaid_discount_percent: 5,
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

/** A guest's cash-on-delivery order placed in `shop`, and the sandbox order its confirmation's payment link pays. */
async function codOrderWithLink(shop: RunningShop) {
  const order = await shoppers.codOrder(shop.baseUrl, 1);
  const [link] = await sql<{ provider_order: string; amount: number }>(
    `SELECT l.order_id AS provider_order, p.amount_paise AS amount
       FROM cod_prepayments p JOIN sandbox_razorpay_payment_links l ON l.id = p.payment_link_id
      WHERE p.order_id = $1 AND p.kind = 'link'`,
    [order.id],
  );
  if (!link) throw new Error(`order ${order.id} has no payment link`);
  return { ...order, linkOrder: link.provider_order, amount: link.amount };
}

/** The order's status, method, payments and the provider's refunds of them, once nothing more is under way. */
async function settled(orderId: number, linkOrder: string) {
  const deadline = Date.now() + 30 * COST_MS.operation;
  for (;;) {
    await shoppers.webhooksDelivered(linkOrder);
    const [order] = await sql<{ status: string; method: string }>(
      'SELECT status, payment_method AS method FROM orders WHERE id = $1',
      [orderId],
    );
    const payments = await sql<{ status: string; amount: number; refunded: number; provider: string }>(
      `SELECT status, amount_paise AS amount, refunded_paise AS refunded, provider_payment_id AS provider
         FROM payments WHERE order_id = $1`,
      [orderId],
    );
    const captured = await sql<{ id: string }>(
      `SELECT id FROM sandbox_razorpay_payments WHERE order_id = $1 AND status IN ('captured', 'refunded')`,
      [linkOrder],
    );
    const refunds = await sql<{ amount: number }>(
      `SELECT r.amount_paise AS amount FROM sandbox_razorpay_refunds r
         JOIN sandbox_razorpay_payments p ON p.id = r.payment_id WHERE p.order_id = $1`,
      [linkOrder],
    );
    const busy = payments.some((p) => p.status === 'refund_pending');
    if (!busy || Date.now() > deadline) return { order, payments, captured, refunds };
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('a COD order paid by its payment link while the owner cancels it, in two processes (PostgreSQL)', () => {
  it(`${ROUNDS} times: paid online, or cancelled and refunded once; never both, never lost`, {
    timeout: boundFor({ operations: ROUNDS * 16 }),
  }, async () => {
    const outcomes: string[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const [payIn, cancelIn] = round % 2 ? [shopB, shopA] : [shopA, shopB];
      const order = await codOrderWithLink(payIn);
      const cancel = () =>
        owner.console(cancelIn.baseUrl, 'POST', `/orders/${order.id}/status`, { status: 'cancelled' });
      const pay = () =>
        order.shopper.send('POST', `${payIn.baseUrl}/sandbox/razorpay/test/pay`, {
          order_id: order.linkOrder,
          card_number: '4111 1111 1111 1111',
        });
      // Three ways of meeting: both at once; the cancel racing the payment's webhooks; the cancel once they are in.
      let cancelled: Awaited<ReturnType<typeof cancel>>;
      let paid: Awaited<ReturnType<typeof pay>>;
      if (round % 3 === 0) [cancelled, paid] = await Promise.all([cancel(), pay()]);
      else {
        paid = await pay();
        if (round % 3 === 2) await shoppers.webhooksDelivered(order.linkOrder);
        cancelled = await cancel();
      }
      expect(paid.status, JSON.stringify(paid.body)).toBe(200);
      expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
      const after = await settled(order.id, order.linkOrder);
      const what = JSON.stringify(after);
      // The money taken at the provider is known to the shop: one payment, of the link's amount.
      expect(after.captured, what).toHaveLength(1);
      expect(after.payments, what).toHaveLength(1);
      const [payment] = after.payments;
      expect(payment?.provider, what).toBe(after.captured[0]?.id);
      expect(payment?.amount, what).toBe(order.amount);
      // The owner cancelled: the order does not stay paid, and the money is given back in full, once.
      expect(['cancelled', 'refunded'], what).toContain(after.order?.status);
      expect(payment?.status, what).toBe('refunded');
      expect(payment?.refunded, what).toBe(order.amount);
      expect(
        after.refunds.map((r) => r.amount),
        what,
      ).toEqual([order.amount]);
      outcomes.push(`${after.order?.status}/${after.order?.method}`);
    }
    expect(outcomes).toHaveLength(ROUNDS);
    console.info(`cod pay link race outcomes: ${outcomes.join(', ')}`);
  });
});
