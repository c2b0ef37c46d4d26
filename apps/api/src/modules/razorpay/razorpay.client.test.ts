import { createHmac, randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sandboxRazorpayOrders, sandboxRazorpayRefunds } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_PREFIX } from '../../dev/razorpay-sandbox/sandbox.constants';
import {
  createRazorpayClient,
  type FetchLike,
  ProviderError,
  type RazorpayClient,
  verifyPaymentSignature,
  verifyWebhookSignature,
} from './razorpay.client';

const hex = (message: string, secret: string) => createHmac('sha256', secret).update(message).digest('hex');

describe('verifyPaymentSignature', () => {
  const secret = 'EnLs21M47BllR3X8PSFtjtbd';
  const good = hex('order_DBJOWzybf0sJbb|pay_DBJOWzybf0sJbb', secret);

  it('accepts hex(HMAC-SHA256(order_id|payment_id, key_secret)), in either case', () => {
    expect(verifyPaymentSignature('order_DBJOWzybf0sJbb', 'pay_DBJOWzybf0sJbb', good, secret)).toBe(true);
    expect(verifyPaymentSignature('order_DBJOWzybf0sJbb', 'pay_DBJOWzybf0sJbb', good.toUpperCase(), secret)).toBe(true);
  });

  it('refuses tampered ids, signatures, secrets and junk', () => {
    const flipped = `${good.slice(0, -1)}${good.endsWith('0') ? '1' : '0'}`;
    expect(verifyPaymentSignature('order_DBJOWzybf0sJbc', 'pay_DBJOWzybf0sJbb', good, secret)).toBe(false);
    expect(verifyPaymentSignature('order_DBJOWzybf0sJbb', 'pay_DBJOWzybf0sJbc', good, secret)).toBe(false);
    expect(verifyPaymentSignature('order_DBJOWzybf0sJbb', 'pay_DBJOWzybf0sJbb', flipped, secret)).toBe(false);
    expect(verifyPaymentSignature('order_DBJOWzybf0sJbb', 'pay_DBJOWzybf0sJbb', good, `${secret}x`)).toBe(false);
    // the separator matters: "a|bc" and "ab|c" must not collide
    expect(verifyPaymentSignature('order_DBJOWzybf0sJb', 'bpay_DBJOWzybf0sJbb', good, secret)).toBe(false);
    for (const junk of ['', good.slice(0, 63), `${good}0`, 'z'.repeat(64), undefined, null, 42, { good }]) {
      expect(verifyPaymentSignature('order_DBJOWzybf0sJbb', 'pay_DBJOWzybf0sJbb', junk, secret)).toBe(false);
    }
    expect(verifyPaymentSignature('', 'pay_x', hex('|pay_x', secret), secret)).toBe(false);
  });
});

describe('verifyWebhookSignature', () => {
  const secret = 'webhook-secret-1';
  const body = '{"entity":"event","event":"payment.captured","payload":{"payment":{"entity":{"id":"pay_1"}}}}';

  it('accepts hex(HMAC-SHA256(raw body, webhook_secret)) for a string or Buffer body', () => {
    expect(verifyWebhookSignature(body, hex(body, secret), secret)).toBe(true);
    expect(verifyWebhookSignature(Buffer.from(body), hex(body, secret), secret)).toBe(true);
  });

  it('refuses a re-serialised or changed body, another secret, and junk', () => {
    const reformatted = JSON.stringify(JSON.parse(body), null, 1);
    expect(verifyWebhookSignature(reformatted, hex(body, secret), secret)).toBe(false);
    expect(verifyWebhookSignature(body.replace('pay_1', 'pay_2'), hex(body, secret), secret)).toBe(false);
    expect(verifyWebhookSignature(body, hex(body, 'other'), secret)).toBe(false);
    expect(verifyWebhookSignature(body, hex(body, secret), '')).toBe(false);
    expect(verifyWebhookSignature(body, undefined, secret)).toBe(false);
    expect(verifyWebhookSignature(body, ['x'], secret)).toBe(false);
  });
});

describe('the Razorpay client against the sandbox', () => {
  let shop: TestShop;
  let client: RazorpayClient;
  const receipt = () => `kp-${randomUUID().slice(0, 20)}`;

  beforeAll(async () => {
    shop = await startTestShop();
    client = shop.app.payments.client;
  });
  afterAll(async () => {
    await shop?.close();
  });

  const payWith = async (orderId: string, card = '4111 1111 1111 1111') =>
    shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/test/pay`,
      payload: { order_id: orderId, card_number: card },
    });

  it('is the sandbox when no keys are configured', () => {
    expect(shop.app.payments).toMatchObject({
      sandbox: true,
      keyId: SANDBOX_KEY_ID,
      checkoutUrl: '/sandbox/razorpay/checkout.js',
    });
    expect(shop.app.payments.apiBase).toMatch(/^http:\/\/.+\/sandbox\/razorpay$/);
  });

  it('creates an order and fetches it by id and by receipt', async () => {
    const r = receipt();
    const order = await client.createOrder({ amount: 123_450, currency: 'INR', receipt: r, notes: { order_id: '7' } });
    expect(order).toMatchObject({
      entity: 'order',
      amount: 123_450,
      amount_paid: 0,
      amount_due: 123_450,
      currency: 'INR',
      receipt: r,
      status: 'created',
      attempts: 0,
      notes: { order_id: '7' },
    });
    expect(order.id).toMatch(/^order_[0-9A-Za-z]{14}$/);
    expect(await client.fetchOrder(order.id)).toEqual(order);
    expect(await client.fetchOrderByReceipt(r)).toEqual(order);
    expect(await client.fetchOrderByReceipt('no-such-receipt')).toBeNull();
  });

  it('answers the same order when the create is repeated for one receipt, and refuses another amount', async () => {
    const r = receipt();
    const first = await client.createOrder({ amount: 50_000, currency: 'INR', receipt: r });
    const again = await client.createOrder({ amount: 50_000, currency: 'INR', receipt: r });
    expect(again.id).toBe(first.id);
    const other = await client.createOrder({ amount: 60_000, currency: 'INR', receipt: r }).catch((e) => e);
    expect(other).toBeInstanceOf(ProviderError);
    expect(other).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
    const rows = await shop.database.db
      .select()
      .from(sandboxRazorpayOrders)
      .where(eq(sandboxRazorpayOrders.receipt, r));
    expect(rows).toHaveLength(1);
  });

  /** The sandbox's in-process fetch, reached through a base that only the wrapper knows. */
  function flakyClient(
    fail: (url: string, method: string, call: number) => 'lose-answer' | 'fail-before' | 'hang' | 'ok',
  ) {
    let calls = 0;
    const through: FetchLike = async (url, init) => {
      const response = await shop.app.inject({
        method: init.method as 'GET' | 'POST',
        url: new URL(url).pathname + new URL(url).search,
        headers: init.headers,
        ...(init.body === undefined ? {} : { payload: init.body }),
      });
      return { status: response.statusCode, text: async () => response.body };
    };
    const fetch: FetchLike = async (url, init) => {
      calls += 1;
      const mode = fail(url, init.method, calls);
      if (mode === 'fail-before') throw new TypeError('fetch failed: ECONNRESET');
      if (mode === 'hang') {
        await through(url, init);
        return new Promise(() => undefined);
      }
      const answer = await through(url, init);
      if (mode === 'lose-answer') throw new TypeError('fetch failed: socket hang up');
      return answer;
    };
    return createRazorpayClient({
      keyId: SANDBOX_KEY_ID,
      keySecret: SANDBOX_KEY_SECRET,
      apiBase: 'http://shop.invalid/sandbox/razorpay/',
      fetch,
      timeoutMs: 200,
      retryDelayMs: 1,
    });
  }

  const ordersFor = (r: string) =>
    shop.database.db.select().from(sandboxRazorpayOrders).where(eq(sandboxRazorpayOrders.receipt, r));

  it('does not make a second provider order when the create answer is lost', async () => {
    const r = receipt();
    const c = flakyClient((_url, method, call) => (method === 'POST' && call === 1 ? 'lose-answer' : 'ok'));
    const order = await c.createOrder({ amount: 70_000, currency: 'INR', receipt: r });
    const rows = await ordersFor(r);
    expect(rows).toHaveLength(1);
    expect(order.id).toBe(rows[0]?.id);
  });

  it('does not make a second provider order when the create times out', async () => {
    const r = receipt();
    const c = flakyClient((_url, method, call) => (method === 'POST' && call === 1 ? 'hang' : 'ok'));
    const order = await c.createOrder({ amount: 71_000, currency: 'INR', receipt: r });
    const rows = await ordersFor(r);
    expect(rows).toHaveLength(1);
    expect(order.id).toBe(rows[0]?.id);
  });

  it('creates the order on a retry when the first create never arrived', async () => {
    const r = receipt();
    const c = flakyClient((_url, method, call) => (method === 'POST' && call === 1 ? 'fail-before' : 'ok'));
    const order = await c.createOrder({ amount: 72_000, currency: 'INR', receipt: r });
    expect(await ordersFor(r)).toHaveLength(1);
    expect(order.receipt).toBe(r);
  });

  it('gives up with a retriable ProviderError when the provider stays unreachable', async () => {
    const c = flakyClient(() => 'fail-before');
    const error = await c.createOrder({ amount: 73_000, currency: 'INR', receipt: receipt() }).catch((e) => e);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ code: 'NETWORK_ERROR', status: null, retriable: true });
  });

  it("turns Razorpay's errors into ProviderError with its code and description", async () => {
    const unknown = await client.fetchOrder('order_00000000000000').catch((e) => e);
    expect(unknown).toBeInstanceOf(ProviderError);
    expect(unknown).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
      description: 'The id provided does not exist',
      retriable: false,
    });
    const tooSmall = await client.createOrder({ amount: 50, currency: 'INR', receipt: receipt() }).catch((e) => e);
    expect(tooSmall).toMatchObject({ code: 'BAD_REQUEST_ERROR', field: 'amount' });
    expect(tooSmall.description).toContain('at least INR 1.00');
  });

  it("lists an order's payments and fetches a payment", async () => {
    const order = await client.createOrder({ amount: 99_900, currency: 'INR', receipt: receipt() });
    const declined = await payWith(order.id, '4000 0000 0000 0002');
    expect(declined.statusCode).toBe(400);
    const paid = await payWith(order.id);
    expect(paid.statusCode).toBe(200);
    const paymentId = paid.json().razorpay_payment_id as string;

    const payments = await client.fetchOrderPayments(order.id);
    expect(payments.map((p) => p.status).sort()).toEqual(['captured', 'failed']);
    const payment = await client.fetchPayment(paymentId);
    expect(payment).toMatchObject({
      id: paymentId,
      entity: 'payment',
      order_id: order.id,
      amount: 99_900,
      currency: 'INR',
      status: 'captured',
      method: 'card',
      captured: true,
      error_code: null,
    });
    const failed = payments.find((p) => p.status === 'failed');
    expect(failed).toMatchObject({ captured: false, error_code: 'BAD_REQUEST_ERROR' });
    expect(failed?.error_description).toBeTruthy();
    expect(await client.fetchOrder(order.id)).toMatchObject({
      status: 'paid',
      amount_paid: 99_900,
      amount_due: 0,
      attempts: 2,
    });
  });

  it('refunds idempotently by key and never above what was captured', async () => {
    const order = await client.createOrder({ amount: 100_000, currency: 'INR', receipt: receipt() });
    const paymentId = (await payWith(order.id)).json().razorpay_payment_id as string;
    const key = `refund-${randomUUID()}`;

    const first = await client.refund(paymentId, { amount: 40_000, notes: { reason: 'size' } }, key);
    expect(first).toMatchObject({ entity: 'refund', payment_id: paymentId, amount: 40_000, status: 'processed' });
    expect(first.id).toMatch(/^rfnd_[0-9A-Za-z]{14}$/);
    const again = await client.refund(paymentId, { amount: 40_000, notes: { reason: 'size' } }, key);
    expect(again.id).toBe(first.id);
    const [repeated] = await Promise.all([
      client.refund(paymentId, { amount: 40_000, notes: { reason: 'size' } }, key),
      client.refund(paymentId, { amount: 40_000, notes: { reason: 'size' } }, key),
    ]);
    expect(repeated.id).toBe(first.id);

    const sameKeyOtherBody = await client.refund(paymentId, { amount: 10_000 }, key).catch((e) => e);
    expect(sameKeyOtherBody).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });
    expect(sameKeyOtherBody.description).toContain('Different request with the same idempotency key');

    const tooMuch = await client.refund(paymentId, { amount: 60_001 }, `refund-${randomUUID()}`).catch((e) => e);
    expect(tooMuch).toMatchObject({ status: 400, code: 'BAD_REQUEST_ERROR' });

    const rest = await client.refund(paymentId, {}, `refund-${randomUUID()}`);
    expect(rest.amount).toBe(60_000);
    expect(await client.fetchPayment(paymentId)).toMatchObject({
      status: 'refunded',
      amount_refunded: 100_000,
      refund_status: 'full',
    });
    const nothingLeft = await client.refund(paymentId, { amount: 100 }, `refund-${randomUUID()}`).catch((e) => e);
    expect(nothingLeft).toBeInstanceOf(ProviderError);

    const refunds = await shop.database.db
      .select()
      .from(sandboxRazorpayRefunds)
      .where(eq(sandboxRazorpayRefunds.paymentId, paymentId));
    expect(refunds.reduce((sum, r) => sum + r.amountPaise, 0)).toBe(100_000);
    expect(refunds).toHaveLength(2);
  });

  it('lets only one of many concurrent full refunds through', async () => {
    const order = await client.createOrder({ amount: 25_000, currency: 'INR', receipt: receipt() });
    const paymentId = (await payWith(order.id)).json().razorpay_payment_id as string;
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => client.refund(paymentId, {}, `refund-${randomUUID()}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const refunds = await shop.database.db
      .select()
      .from(sandboxRazorpayRefunds)
      .where(eq(sandboxRazorpayRefunds.paymentId, paymentId));
    expect(refunds.map((r) => r.amountPaise)).toEqual([25_000]);
  });

  it('refuses to refund a failed payment and refuses a malformed idempotency key', async () => {
    const order = await client.createOrder({ amount: 30_000, currency: 'INR', receipt: receipt() });
    const declined = await payWith(order.id, '4100 2800 0006 0003');
    const failedId = declined.json().error.metadata.payment_id as string;
    expect(await client.refund(failedId, {}, `refund-${randomUUID()}`).catch((e) => e)).toMatchObject({
      status: 400,
      code: 'BAD_REQUEST_ERROR',
    });
    expect(await client.refund(failedId, {}, 'short').catch((e) => e)).toBeInstanceOf(ProviderError);
  });

  it('speaks real HTTP with the same code: the client over global fetch against a listening shop', async () => {
    const mediaDir = await mkdtemp(join(tmpdir(), 'kapaas-media-'));
    const app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
      database: shop.database,
      mediaDir,
      privateDir: shop.privateDir,
    });
    try {
      const address = await app.listen({ port: 0, host: '127.0.0.1' });
      const http = createRazorpayClient({
        keyId: SANDBOX_KEY_ID,
        keySecret: SANDBOX_KEY_SECRET,
        apiBase: `${address}${SANDBOX_PREFIX}`,
      });
      const r = receipt();
      const order = await http.createOrder({ amount: 45_600, currency: 'INR', receipt: r });
      expect(await http.fetchOrderByReceipt(r)).toEqual(order);
      const wrong = createRazorpayClient({
        keyId: SANDBOX_KEY_ID,
        keySecret: 'nope',
        apiBase: `${address}${SANDBOX_PREFIX}`,
      });
      const refused = await wrong.fetchOrder(order.id).catch((e) => e);
      expect(refused).toMatchObject({ status: 401, code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' });
    } finally {
      await app.close();
      await rm(mediaDir, { recursive: true, force: true });
    }
  });
});
