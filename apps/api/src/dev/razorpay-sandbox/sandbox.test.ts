import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { count, eq, sandboxRazorpayPayments, sandboxRazorpayWebhooks } from '@kapaas/db';
import type { FastifyInstance, InjectOptions } from 'fastify';
// @ts-expect-error jsdom ships no type declarations and @types/jsdom is not installed
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { verifyPaymentSignature, verifyWebhookSignature } from '../../modules/razorpay/razorpay.client';
import {
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_PREFIX,
  SANDBOX_WEBHOOK_SECRET,
  WEBHOOK_PATH,
} from './sandbox.constants';
import { pay } from './sandbox.service';
import { createWebhookDeliverer } from './sandbox.webhooks';

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const AUTH = { authorization: basic(SANDBOX_KEY_ID, SANDBOX_KEY_SECRET) };

describe('the Razorpay sandbox', () => {
  let shop: TestShop;
  let receipts = 0;

  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    await shop?.close();
  });

  const api = (options: InjectOptions) =>
    shop.app.inject({ ...options, url: `${SANDBOX_PREFIX}${options.url}`, headers: { ...AUTH, ...options.headers } });
  async function newOrder(amount = 149_900) {
    receipts += 1;
    const response = await api({
      method: 'POST',
      url: '/v1/orders',
      payload: { amount, currency: 'INR', receipt: `sbx-${process.pid}-${receipts}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; amount: number };
  }
  const testPay = (orderId: string, card: string) =>
    shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/test/pay`,
      payload: { order_id: orderId, card_number: card },
    });
  const paymentsOf = (orderId: string) =>
    shop.database.db.select().from(sandboxRazorpayPayments).where(eq(sandboxRazorpayPayments.orderId, orderId));

  describe('test/pay', () => {
    it.each(['4111 1111 1111 1111', '4100 2800 0000 1007'])(
      'captures with %s and answers a valid signature',
      async (card) => {
        const order = await newOrder();
        const response = await testPay(order.id, card);
        expect(response.statusCode).toBe(200);
        const answer = response.json();
        expect(Object.keys(answer).sort()).toEqual(['razorpay_order_id', 'razorpay_payment_id', 'razorpay_signature']);
        expect(answer.razorpay_order_id).toBe(order.id);
        expect(answer.razorpay_payment_id).toMatch(/^pay_[0-9A-Za-z]{14}$/);
        expect(
          verifyPaymentSignature(order.id, answer.razorpay_payment_id, answer.razorpay_signature, SANDBOX_KEY_SECRET),
        ).toBe(true);
        const [payment] = await paymentsOf(order.id);
        expect(payment).toMatchObject({
          status: 'captured',
          captured: true,
          amountPaise: order.amount,
          cardLast4: card.slice(-4),
        });

        const again = await testPay(order.id, card);
        expect(again.statusCode).toBe(400);
        expect(again.json().error.description).toBe('This order has already been paid.');
        expect(await paymentsOf(order.id)).toHaveLength(1);
      },
    );

    it.each(['4000 0000 0000 0002', '4100 2800 0006 0003'])("declines %s with Razorpay's error shape", async (card) => {
      const order = await newOrder();
      const response = await testPay(order.id, card);
      expect(response.statusCode).toBe(400);
      const { error } = response.json();
      expect(error).toMatchObject({
        code: 'BAD_REQUEST_ERROR',
        source: 'bank',
        step: 'payment_authorization',
        reason: 'payment_declined',
        metadata: { order_id: order.id },
      });
      expect(error.description).toMatch(/declined/);
      expect(error.metadata.payment_id).toMatch(/^pay_/);
      const [payment] = await paymentsOf(order.id);
      expect(payment).toMatchObject({ id: error.metadata.payment_id, status: 'failed', captured: false });
      // a failed attempt leaves the order payable
      expect((await testPay(order.id, '4111111111111111')).statusCode).toBe(200);
    });

    it('declines any other card number with a message naming the test card', async () => {
      const order = await newOrder();
      const response = await testPay(order.id, '5555 5555 5555 4444');
      expect(response.statusCode).toBe(400);
      expect(response.json().error.description).toContain('4111 1111 1111 1111');
      expect(await paymentsOf(order.id)).toHaveLength(1);
    });

    it('refuses a malformed card number, unknown order or bad body without making a payment', async () => {
      const order = await newOrder();
      for (const body of [
        { order_id: order.id, card_number: '4111' },
        { order_id: order.id, card_number: 'abcd abcd abcd abcd' },
        { order_id: order.id },
        { order_id: order.id, card_number: 4111111111111111 },
        { order_id: order.id, card_number: '4111111111111111', extra: 1 },
        { order_id: 'order_doesnotexist00', card_number: '4111111111111111' },
      ]) {
        const response = await shop.app.inject({ method: 'POST', url: `${SANDBOX_PREFIX}/test/pay`, payload: body });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.code).toBe('BAD_REQUEST_ERROR');
      }
      expect(await paymentsOf(order.id)).toHaveLength(0);
    });
  });

  describe('the REST API', () => {
    it('refuses requests without, or with the wrong, Basic auth', async () => {
      const order = await newOrder();
      for (const authorization of [
        undefined,
        basic(SANDBOX_KEY_ID, 'wrong-secret'),
        basic('rzp_test_other', SANDBOX_KEY_SECRET),
        `Bearer ${SANDBOX_KEY_SECRET}`,
        'Basic !!!',
      ]) {
        const response = await shop.app.inject({
          method: 'GET',
          url: `${SANDBOX_PREFIX}/v1/orders/${order.id}`,
          headers: authorization ? { authorization } : {},
        });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toMatchObject({
          error: { code: 'BAD_REQUEST_ERROR', description: 'Authentication failed' },
        });
      }
      const create = await shop.app.inject({
        method: 'POST',
        url: `${SANDBOX_PREFIX}/v1/orders`,
        payload: { amount: 100, currency: 'INR' },
      });
      expect(create.statusCode).toBe(401);
    });

    it('validates orders as Razorpay does', async () => {
      for (const payload of [
        { amount: 99, currency: 'INR' },
        { amount: 100.5, currency: 'INR' },
        { amount: '100', currency: 'INR' },
        { amount: 100, currency: 'USD' },
        { amount: 100, currency: 'INR', receipt: 'r'.repeat(41) },
        { amount: 100, currency: 'INR', surprise: true },
        { currency: 'INR' },
      ]) {
        const response = await api({ method: 'POST', url: '/v1/orders', payload });
        expect(response.statusCode, JSON.stringify(payload)).toBe(400);
        expect(response.json().error.code).toBe('BAD_REQUEST_ERROR');
      }
      const broken = await api({
        method: 'POST',
        url: '/v1/orders',
        payload: '{"amount":',
        headers: { 'content-type': 'application/json' },
      });
      expect(broken.statusCode).toBe(400);
      expect(broken.json().error.code).toBe('BAD_REQUEST_ERROR');
    });

    it("answers orders in Razorpay's shape, lists them by receipt, and answers unknown ids with 400", async () => {
      const order = await newOrder(100);
      const fetched = await api({ method: 'GET', url: `/v1/orders/${order.id}` });
      expect(fetched.json()).toMatchObject({ entity: 'order', notes: [], offer_id: null, amount_due: 100 });
      expect(typeof fetched.json().created_at).toBe('number');
      const list = await api({ method: 'GET', url: `/v1/orders?receipt=sbx-${process.pid}-${receipts}` });
      expect(list.json()).toMatchObject({ entity: 'collection', count: 1, items: [{ id: order.id }] });
      for (const url of ['/v1/orders/order_nope', '/v1/payments/pay_nope', '/v1/orders/order_nope/payments']) {
        const response = await api({ method: 'GET', url });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.description).toBe('The id provided does not exist');
      }
    });
  });

  describe('webhooks', () => {
    const deliveries = async (orderId: string) => {
      await shop.app.paymentsSandbox?.deliveries.idle();
      return shop.database.db
        .select()
        .from(sandboxRazorpayWebhooks)
        .where(eq(sandboxRazorpayWebhooks.orderId, orderId))
        .orderBy(sandboxRazorpayWebhooks.id);
    };

    it('sends payment.captured and order.paid after a capture, signed with the webhook secret', async () => {
      const order = await newOrder();
      const paid = (await testPay(order.id, '4111111111111111')).json();
      const rows = await deliveries(order.id);
      expect(rows.map((r) => r.event)).toEqual(['payment.captured', 'order.paid']);
      for (const row of rows) {
        expect(verifyWebhookSignature(row.body, row.signature, SANDBOX_WEBHOOK_SECRET)).toBe(true);
        expect(row.signature).toBe(createHmac('sha256', SANDBOX_WEBHOOK_SECRET).update(row.body).digest('hex'));
        expect(row.attempts).toBeGreaterThanOrEqual(1);
        expect(row.lastStatus).not.toBeNull(); // 404 until the checkout issue's receiver exists
      }
      const captured = JSON.parse(rows[0]?.body ?? '{}');
      expect(captured).toMatchObject({
        entity: 'event',
        event: 'payment.captured',
        contains: ['payment'],
        payload: {
          payment: {
            entity: { id: paid.razorpay_payment_id, order_id: order.id, status: 'captured', amount: order.amount },
          },
        },
      });
      const orderPaid = JSON.parse(rows[1]?.body ?? '{}');
      expect(orderPaid.contains).toEqual(['payment', 'order']);
      expect(orderPaid.payload.order.entity).toMatchObject({ id: order.id, status: 'paid', amount_paid: order.amount });
      expect(new Set(rows.map((r) => r.eventId)).size).toBe(2);
    });

    it('sends payment.failed after a decline and refund.processed after a refund', async () => {
      const order = await newOrder();
      await testPay(order.id, '4000000000000002');
      const paymentId = (await testPay(order.id, '4111111111111111')).json().razorpay_payment_id;
      const refund = await api({
        method: 'POST',
        url: `/v1/payments/${paymentId}/refund`,
        payload: { amount: 1000 },
        headers: { 'x-refund-idempotency': 'refund-webhook-test-1' },
      });
      expect(refund.statusCode).toBe(200);
      const rows = await deliveries(order.id);
      expect(rows.map((r) => r.event)).toEqual([
        'payment.failed',
        'payment.captured',
        'order.paid',
        'refund.processed',
      ]);
      const failed = JSON.parse(rows[0]?.body ?? '{}');
      expect(failed.payload.payment.entity).toMatchObject({ status: 'failed', error_code: 'BAD_REQUEST_ERROR' });
      const refunded = JSON.parse(rows[3]?.body ?? '{}');
      expect(refunded.contains).toEqual(['refund', 'payment']);
      expect(refunded.payload.refund.entity).toMatchObject({ id: refund.json().id, amount: 1000, status: 'processed' });
    });

    it('posts the raw body with X-Razorpay-Signature and x-razorpay-event-id to the shop, and marks a 2xx delivered', async () => {
      const order = await newOrder();
      const sent: InjectOptions[] = [];
      const fakeShop = {
        inject: async (request: InjectOptions) => {
          sent.push(request);
          return { statusCode: 200 };
        },
      } as unknown as FastifyInstance;
      const deliverer = createWebhookDeliverer(fakeShop, shop.database.db, shop.app.log);
      const { webhookIds } = await pay(
        shop.database.db,
        { keySecret: SANDBOX_KEY_SECRET, webhookSecret: SANDBOX_WEBHOOK_SECRET },
        { orderId: order.id, cardNumber: '4111 1111 1111 1111' },
      );
      deliverer.send(webhookIds);
      await deliverer.idle();
      await deliverer.close();
      expect(sent).toHaveLength(2);
      for (const request of sent) {
        expect(request).toMatchObject({ method: 'POST', url: WEBHOOK_PATH });
        const headers = request.headers as Record<string, string>;
        expect(headers['content-type']).toBe('application/json');
        expect(typeof request.payload).toBe('string');
        expect(
          verifyWebhookSignature(request.payload as string, headers['x-razorpay-signature'], SANDBOX_WEBHOOK_SECRET),
        ).toBe(true);
        expect(headers['x-razorpay-event-id']).toMatch(/^[0-9A-Za-z]{14}$/);
      }
      const rows = await shop.database.db
        .select()
        .from(sandboxRazorpayWebhooks)
        .where(eq(sandboxRazorpayWebhooks.orderId, order.id));
      expect(rows.every((r) => r.deliveredAt !== null && r.lastStatus === 200 && r.attempts === 1)).toBe(true);
    });
  });

  describe('checkout.js', () => {
    it('is served as JavaScript and defines window.Razorpay with an accessible card dialog', async () => {
      const response = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/checkout.js` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^application\/javascript/);

      const dom = new JSDOM('<!doctype html><html><head></head><body><button id="buy">Buy</button></body></html>', {
        runScripts: 'outside-only',
        url: 'http://shop.test/checkout',
      });
      const { window } = dom;
      window.eval(response.body);
      const Razorpay = (
        window as unknown as { Razorpay: new (o: unknown) => { open(): void; on(e: string, f: unknown): void } }
      ).Razorpay;
      expect(typeof Razorpay).toBe('function');
      let dismissed = 0;
      window.document.getElementById('buy').focus();
      const rzp = new Razorpay({
        key: SANDBOX_KEY_ID,
        amount: 123_450,
        currency: 'INR',
        name: 'Kapaas',
        description: 'Order #42',
        order_id: 'order_abc',
        handler: () => undefined,
        theme: { color: '#2f6b4f' },
        modal: { ondismiss: () => (dismissed += 1) },
      });
      rzp.open();
      const dialog = window.document.querySelector('[role="dialog"]');
      expect(dialog).not.toBeNull();
      expect(dialog.getAttribute('aria-modal')).toBe('true');
      const title = window.document.getElementById(dialog.getAttribute('aria-labelledby') ?? '');
      expect(title?.textContent).toBe('Kapaas');
      const labels = [...dialog.querySelectorAll('label')].map((l) => l.textContent);
      expect(labels).toEqual(['Card number', 'Expiry (MM/YY)', 'CVV']);
      for (const label of dialog.querySelectorAll('label')) {
        expect(window.document.getElementById(label.getAttribute('for') ?? '')?.tagName).toBe('INPUT');
      }
      const payButton = dialog.querySelector('button[type="submit"]');
      expect(payButton.textContent).toBe(
        `Pay ${new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' }).format(1234.5)}`,
      );
      expect(payButton.textContent).toBe('Pay ₹1,234.50');
      // Set through the CSSOM: the shop's pages refuse style attributes.
      expect(payButton.style.background).toBe('rgb(47, 107, 79)');
      expect(window.document.adoptedStyleSheets).toHaveLength(1);
      expect(window.document.activeElement?.getAttribute('autocomplete')).toBe('cc-number');

      window.document.dispatchEvent(new window.KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
      expect(window.document.querySelector('[role="dialog"]')).toBeNull();
      expect(dismissed).toBe(1);
      expect(window.document.activeElement?.id).toBe('buy');
      expect(() => new Razorpay({ amount: 100 })).toThrow(/key/);
      window.close();
    });

    it('pays through checkout/pay with the sandbox key and a valid expiry and CVV only', async () => {
      const order = await newOrder();
      const post = (payload: Record<string, unknown>) =>
        shop.app.inject({ method: 'POST', url: `${SANDBOX_PREFIX}/checkout/pay`, payload });
      const card = {
        key: SANDBOX_KEY_ID,
        order_id: order.id,
        card_number: '4111 1111 1111 1111',
        expiry: '12/39',
        cvv: '123',
      };
      expect((await post({ ...card, key: 'rzp_test_someone_else' })).statusCode).toBe(400);
      expect((await post({ ...card, expiry: '13/39' })).json().error.field).toBe('expiry');
      expect((await post({ ...card, expiry: '01/20' })).json().error.field).toBe('expiry');
      expect((await post({ ...card, cvv: '12' })).json().error.field).toBe('cvv');
      expect(await paymentsOf(order.id)).toHaveLength(0);
      const declined = await post({ ...card, card_number: '4000 0000 0000 0002' });
      expect(declined.statusCode).toBe(200);
      expect(declined.json().error).toMatchObject({ code: 'BAD_REQUEST_ERROR', metadata: { order_id: order.id } });
      const ok = await post({ ...card, email: 'a@example.in', contact: '9876543210' });
      expect(ok.statusCode).toBe(200);
      const answer = ok.json();
      expect(
        verifyPaymentSignature(order.id, answer.razorpay_payment_id, answer.razorpay_signature, SANDBOX_KEY_SECRET),
      ).toBe(true);
    });
  });

  describe('with real keys configured', () => {
    it('is off, the client targets api.razorpay.com, and the CSP allows Razorpay checkout', async () => {
      const mediaDir = await mkdtemp(join(tmpdir(), 'kapaas-media-'));
      const app = await buildApp({
        config: loadConfig({
          NODE_ENV: 'test',
          LOG_LEVEL: 'silent',
          RAZORPAY_KEY_ID: 'rzp_test_1234567890abcd',
          RAZORPAY_KEY_SECRET: 'real-test-secret',
          RAZORPAY_WEBHOOK_SECRET: 'real-webhook-secret',
        }),
        database: shop.database,
        mediaDir,
        privateDir: shop.privateDir,
      });
      try {
        expect(app.payments).toMatchObject({
          sandbox: false,
          keyId: 'rzp_test_1234567890abcd',
          apiBase: 'https://api.razorpay.com',
          checkoutUrl: 'https://checkout.razorpay.com/v1/checkout.js',
          webhookSecret: 'real-webhook-secret',
        });
        const script = await app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/checkout.js` });
        expect(script.statusCode).toBe(404);
        const pay = await app.inject({ method: 'POST', url: `${SANDBOX_PREFIX}/test/pay`, payload: {} });
        expect(pay.statusCode).toBe(404);
        const csp = String((await app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy']);
        for (const directive of ['script-src', 'frame-src']) {
          const sources = csp.split(';').find((d) => d.trim().startsWith(directive)) ?? '';
          expect(sources).toContain('https://checkout.razorpay.com');
          expect(sources).toContain('https://api.razorpay.com');
        }
      } finally {
        await app.close();
        await rm(mediaDir, { recursive: true, force: true });
      }
      const sandboxCsp = String(
        (await shop.app.inject({ method: 'GET', url: '/healthz' })).headers['content-security-policy'],
      );
      expect(sandboxCsp).not.toContain('razorpay.com');
      expect(sandboxCsp).toMatch(/script-src 'self'/);
    });
  });

  it('keeps its state in the database', async () => {
    const [row] = await shop.database.db.select({ n: count() }).from(sandboxRazorpayPayments);
    expect(row?.n).toBeGreaterThan(0);
  });
});
