import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sandboxRazorpayWebhooks } from '@kapaas/db';
import type { FastifyInstance } from 'fastify';
import Razorpay from 'razorpay';
import { validatePaymentVerification } from 'razorpay/dist/utils/razorpay-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_PREFIX, SANDBOX_WEBHOOK_SECRET } from './sandbox.constants';

/**
 * The SDK's HTTP client: an axios instance. The SDK has no base URL option (it always talks to
 * api.razorpay.com) and passes on no header but X-Razorpay-Account, so the test sets both here.
 */
interface SdkHttp {
  defaults: { baseURL?: string; headers: { common: Record<string, string | undefined> } };
}
const httpOf = (sdk: Razorpay) => (sdk.api as unknown as { rq: SdkHttp }).rq;

/** What the SDK throws when the API answers an error. */
interface SdkError {
  statusCode: number;
  error: { code: string; description: string };
}

describe("the sandbox, driven by Razorpay's own Node SDK", () => {
  let shop: TestShop;
  let app: FastifyInstance;
  let mediaDir: string;
  let site: string;
  let sdk: Razorpay;
  let receipts = 0;

  beforeAll(async () => {
    shop = await startTestShop();
    mediaDir = await mkdtemp(join(tmpdir(), 'kapaas-media-'));
    // Manual capture: payments stay authorised until captured, so capture is driven too.
    app = await buildApp({
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', RAZORPAY_SANDBOX_CAPTURE: 'manual' }),
      database: shop.database,
      mediaDir,
      privateDir: shop.privateDir,
    });
    site = await app.listen({ port: 0, host: '127.0.0.1' });
    sdk = new Razorpay({ key_id: SANDBOX_KEY_ID, key_secret: SANDBOX_KEY_SECRET });
    httpOf(sdk).defaults.baseURL = `${site}${SANDBOX_PREFIX}`;
  });
  afterAll(async () => {
    await app?.close();
    await shop?.close();
    if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
  });

  /** A refund sent with Razorpay's idempotency header, which the SDK has no parameter for. */
  async function refundWithKey(paymentId: string, amount: number, key: string) {
    const common = httpOf(sdk).defaults.headers.common;
    common['X-Refund-Idempotency'] = key;
    try {
      return await sdk.payments.refund(paymentId, { amount });
    } finally {
      delete common['X-Refund-Idempotency'];
    }
  }

  /** An order the sandbox's test card has paid (authorised, not captured): the checkout's answer. */
  async function paidOrder(amount: number) {
    receipts += 1;
    const order = await sdk.orders.create({ amount, currency: 'INR', receipt: `sdk-${process.pid}-${receipts}` });
    const response = await fetch(`${site}${SANDBOX_PREFIX}/test/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: order.id, card_number: '4111 1111 1111 1111' }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as Record<string, string>;
    return { order, answer, paymentId: answer.razorpay_payment_id as string };
  }

  it('creates and fetches orders, and the checkout signature verifies with validatePaymentVerification', async () => {
    const { order, answer, paymentId } = await paidOrder(149_900);
    expect(order).toMatchObject({ entity: 'order', amount: 149_900, currency: 'INR', status: 'created' });
    expect(await sdk.orders.fetch(order.id)).toMatchObject({ id: order.id, status: 'attempted', amount_due: 149_900 });
    const signature = answer.razorpay_signature as string;
    expect(
      validatePaymentVerification({ order_id: order.id, payment_id: paymentId }, signature, SANDBOX_KEY_SECRET),
    ).toBe(true);
    expect(
      validatePaymentVerification({ order_id: order.id, payment_id: paymentId }, signature, 'another secret'),
    ).toBe(false);
  });

  it('lists, fetches and captures a payment', async () => {
    const { order, paymentId } = await paidOrder(45_600);
    const payments = await sdk.orders.fetchPayments(order.id);
    expect(payments).toMatchObject({
      entity: 'collection',
      count: 1,
      items: [{ id: paymentId, status: 'authorized' }],
    });
    expect(await sdk.payments.fetch(paymentId)).toMatchObject({ id: paymentId, captured: false, amount: 45_600 });
    const captured = await sdk.payments.capture(paymentId, 45_600, 'INR');
    expect(captured).toMatchObject({ id: paymentId, status: 'captured', captured: true });
    expect(await sdk.orders.fetch(order.id)).toMatchObject({ status: 'paid', amount_paid: 45_600, amount_due: 0 });
    const unknown = (await sdk.payments.fetch('pay_DoesNotExist01').catch((e) => e)) as SdkError;
    expect(unknown).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR' } });
  });

  it('refunds idempotently, lists a payment’s refunds as a collection and fetches a refund', async () => {
    const { paymentId } = await paidOrder(80_000);
    await sdk.payments.capture(paymentId, 80_000, 'INR');
    const first = await refundWithKey(paymentId, 10_000, `sdk-first-${paymentId}`);
    expect(first).toMatchObject({ entity: 'refund', amount: 10_000, payment_id: paymentId, status: 'processed' });
    expect(await refundWithKey(paymentId, 10_000, `sdk-first-${paymentId}`)).toEqual(first);
    const second = await refundWithKey(paymentId, 5_000, `sdk-second-${paymentId}`);
    expect(second.id).not.toBe(first.id);
    expect(await sdk.payments.fetch(paymentId)).toMatchObject({ amount_refunded: 15_000, refund_status: 'partial' });

    const refunds = await sdk.payments.fetchMultipleRefund(paymentId);
    expect(refunds).toMatchObject({ entity: 'collection', count: 2 });
    expect(refunds.items.map((r) => r.id).sort()).toEqual([first.id, second.id].sort());
    expect(await sdk.payments.fetchMultipleRefund(paymentId, { count: 1 })).toMatchObject({ count: 1 });
    expect(await sdk.refunds.fetch(first.id)).toEqual(first);
    expect(await sdk.payments.fetchRefund(paymentId, second.id)).toEqual(second);

    const unknown = (await sdk.refunds.fetch('rfnd_DoesNotExist01').catch((e) => e)) as SdkError;
    expect(unknown).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR' } });
  });

  it("payments.fetch shows each method and its detail in Razorpay's shape (UPI, netbanking, wallet, card)", async () => {
    const cases = [
      { pay: { method: 'upi', vpa: 'success@razorpay' }, seen: { method: 'upi', vpa: 'success@razorpay', bank: null } },
      { pay: { method: 'netbanking', bank: 'HDFC' }, seen: { method: 'netbanking', bank: 'HDFC', vpa: null } },
      { pay: { method: 'wallet', wallet: 'paytm' }, seen: { method: 'wallet', wallet: 'paytm', card: null } },
      {
        pay: { card_number: '4111 1111 1111 1111' },
        seen: { method: 'card', card: { last4: '1111', network: 'Visa' }, wallet: null },
      },
    ];
    for (const { pay, seen } of cases) {
      receipts += 1;
      const order = await sdk.orders.create({
        amount: 25_000,
        currency: 'INR',
        receipt: `sdk-m-${process.pid}-${receipts}`,
      });
      const response = await fetch(`${site}${SANDBOX_PREFIX}/test/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ order_id: order.id, ...pay }),
      });
      expect(response.status).toBe(200);
      const { razorpay_payment_id: paymentId } = (await response.json()) as Record<string, string>;
      expect(await sdk.payments.fetch(paymentId as string)).toMatchObject({ id: paymentId, ...seen });
      const listed = await sdk.orders.fetchPayments(order.id);
      expect(listed.items[0]).toMatchObject(seen);
    }
  });

  it("signs every webhook it sends so that the SDK's validateWebhookSignature accepts it", async () => {
    const { order, paymentId } = await paidOrder(30_000);
    await sdk.payments.capture(paymentId, 30_000, 'INR');
    await sdk.payments.refund(paymentId, { amount: 1_000 });
    await app.paymentsSandbox?.deliveries.idle();
    const sent = await shop.database.db
      .select()
      .from(sandboxRazorpayWebhooks)
      .where(eq(sandboxRazorpayWebhooks.orderId, order.id));
    expect(sent.map((w) => w.event).sort()).toEqual([
      'order.paid',
      'payment.authorized',
      'payment.captured',
      'refund.processed',
    ]);
    for (const webhook of sent) {
      expect(Razorpay.validateWebhookSignature(webhook.body, webhook.signature, SANDBOX_WEBHOOK_SECRET)).toBe(true);
      expect(Razorpay.validateWebhookSignature(`${webhook.body} `, webhook.signature, SANDBOX_WEBHOOK_SECRET)).toBe(
        false,
      );
    }
  });

  it('creates, fetches and cancels Payment Links; a paid link answers its order and payment and sends payment_link.paid', async () => {
    const expireBy = Math.floor(Date.now() / 1000) + 3600;
    const link = await sdk.paymentLink.create({
      amount: 52_500,
      currency: 'INR',
      accept_partial: false,
      description: 'Order 42',
      customer: { name: 'Asha', email: 'asha@example.com', contact: '+919000000001' },
      reference_id: `sdk-link-${process.pid}`,
      expire_by: expireBy,
      notify: { sms: false, email: false },
      notes: { kapaas_order: '42' },
      callback_url: 'https://shop.example/orders/42',
      callback_method: 'get',
    });
    expect(link).toMatchObject({ amount: 52_500, status: 'created', expire_by: expireBy, order_id: null });
    expect(link.short_url).toMatch(new RegExp(`/sandbox/razorpay/l/${link.id}$`));
    const again = await sdk.paymentLink
      .create({ amount: 100, currency: 'INR', reference_id: `sdk-link-${process.pid}`, customer: {} })
      .catch((error: SdkError) => error);
    expect(again).toMatchObject({ statusCode: 400, error: { code: 'BAD_REQUEST_ERROR', field: 'reference_id' } });

    const page = await fetch(link.short_url);
    const html = await page.text();
    const order = /data-order="(order_[A-Za-z0-9]+)"/.exec(html)?.[1] as string;
    const paid = await fetch(`${site}${SANDBOX_PREFIX}/test/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: order, method: 'upi', vpa: 'success@razorpay' }),
    });
    const { razorpay_payment_id: paymentId } = (await paid.json()) as Record<string, string>;
    // Captured at once although this account captures manually: Razorpay captures a link's payments itself.
    expect(await sdk.paymentLink.fetch(link.id)).toMatchObject({
      status: 'paid',
      amount_paid: 52_500,
      order_id: order,
      payments: [{ payment_id: paymentId, amount: 52_500, status: 'captured', method: 'upi' }],
    });
    expect(await sdk.payments.fetch(paymentId as string)).toMatchObject({ order_id: order, captured: true });
    const twice = await fetch(`${site}${SANDBOX_PREFIX}/test/pay`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: order, method: 'upi', vpa: 'success@razorpay' }),
    });
    expect(twice.status).toBe(400);
    await app.paymentsSandbox?.deliveries.idle();
    const [sent] = await shop.database.db
      .select()
      .from(sandboxRazorpayWebhooks)
      .where(eq(sandboxRazorpayWebhooks.event, 'payment_link.paid'));
    expect(
      Razorpay.validateWebhookSignature(sent?.body as string, sent?.signature as string, SANDBOX_WEBHOOK_SECRET),
    ).toBe(true);
    expect(JSON.parse(sent?.body as string)).toMatchObject({
      event: 'payment_link.paid',
      contains: ['payment_link', 'order', 'payment'],
      payload: {
        payment_link: { entity: { id: link.id, status: 'paid', reference_id: `sdk-link-${process.pid}` } },
        order: { entity: { id: order, status: 'paid' } },
        payment: { entity: { id: paymentId, order_id: order, status: 'captured' } },
      },
    });

    const other = await sdk.paymentLink.create({
      amount: 10_000,
      currency: 'INR',
      description: 'to cancel',
      customer: {},
    });
    expect(await sdk.paymentLink.cancel(other.id)).toMatchObject({ id: other.id, status: 'cancelled' });
    const cancelledPage = await (await fetch(other.short_url)).text();
    expect(cancelledPage).toContain('This payment link is cancelled.');
  });
});
