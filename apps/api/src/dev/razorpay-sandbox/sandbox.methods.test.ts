import { eq, sandboxRazorpayPayments, sandboxRazorpayWebhooks } from '@kapaas/db';
import type { InjectOptions } from 'fastify';
// @ts-expect-error jsdom ships no type declarations and @types/jsdom is not installed
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { verifyPaymentSignature } from '../../modules/razorpay/razorpay.client';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_PREFIX } from './sandbox.constants';

/*
 * Razorpay's test mode, method by method: UPI (success@razorpay pays, failure@razorpay is declined; a QR or app
 * payment waits for the shopper's app), netbanking and wallets (the bank's or wallet's page says success or failure),
 * and cards as before. The payment entity carries the method and its detail in Razorpay's shapes.
 */

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
const AUTH = { authorization: basic(SANDBOX_KEY_ID, SANDBOX_KEY_SECRET) };

describe("the Razorpay sandbox's payment methods", () => {
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
  async function newOrder(amount = 99_900) {
    receipts += 1;
    const response = await api({
      method: 'POST',
      url: '/v1/orders',
      payload: { amount, currency: 'INR', receipt: `mth-${process.pid}-${receipts}` },
    });
    expect(response.statusCode).toBe(200);
    return response.json() as { id: string; amount: number };
  }
  const testPay = (payload: Record<string, unknown>) =>
    shop.app.inject({ method: 'POST', url: `${SANDBOX_PREFIX}/test/pay`, payload });
  const fetchPayment = async (id: string) => (await api({ method: 'GET', url: `/v1/payments/${id}` })).json();
  const paymentsOf = (orderId: string) =>
    shop.database.db.select().from(sandboxRazorpayPayments).where(eq(sandboxRazorpayPayments.orderId, orderId));

  describe('UPI', () => {
    it('success@razorpay pays, and the payment entity says upi with the UPI id', async () => {
      const order = await newOrder();
      const response = await testPay({ order_id: order.id, method: 'upi', vpa: 'success@razorpay' });
      expect(response.statusCode).toBe(200);
      const answer = response.json();
      expect(
        verifyPaymentSignature(order.id, answer.razorpay_payment_id, answer.razorpay_signature, SANDBOX_KEY_SECRET),
      ).toBe(true);
      expect(await fetchPayment(answer.razorpay_payment_id)).toMatchObject({
        status: 'captured',
        method: 'upi',
        vpa: 'success@razorpay',
        upi: { vpa: 'success@razorpay' },
        card: null,
        card_id: null,
        bank: null,
        wallet: null,
      });
    });

    it('failure@razorpay is declined: a failed upi payment, the decline answered in Razorpay’s shape', async () => {
      const order = await newOrder();
      const response = await testPay({ order_id: order.id, method: 'upi', vpa: 'failure@razorpay' });
      expect(response.statusCode).toBe(400);
      const error = response.json().error;
      expect(error).toMatchObject({ code: 'BAD_REQUEST_ERROR', metadata: { order_id: order.id } });
      expect(await fetchPayment(error.metadata.payment_id)).toMatchObject({
        status: 'failed',
        method: 'upi',
        vpa: 'failure@razorpay',
        error_source: 'customer',
      });
      expect((await api({ method: 'GET', url: `/v1/orders/${order.id}` })).json().status).toBe('attempted');
    });

    it('refuses a malformed UPI id beside its field, making no payment', async () => {
      const order = await newOrder();
      for (const vpa of ['success', '@razorpay', 'a b@razorpay', '']) {
        const response = await testPay({ order_id: order.id, method: 'upi', vpa });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.field).toBe('vpa');
      }
      const missing = await testPay({ order_id: order.id, method: 'upi' });
      expect(missing.statusCode).toBe(400);
      expect(await paymentsOf(order.id)).toHaveLength(0);
    });

    it('a QR payment waits for the app: created, polled, then completed by the test route as the same payment', async () => {
      const order = await newOrder(45_600);
      const started = await shop.app.inject({
        method: 'POST',
        url: `${SANDBOX_PREFIX}/checkout/upi`,
        payload: { key: SANDBOX_KEY_ID, order_id: order.id, flow: 'qr' },
      });
      expect(started.statusCode).toBe(200);
      const { payment_id: paymentId, upi_url: upiUrl, qr_svg: qr } = started.json();
      expect(paymentId).toMatch(/^pay_[0-9A-Za-z]{14}$/);
      expect(upiUrl).toMatch(/^upi:\/\/pay\?/);
      expect(new URL(upiUrl).searchParams.get('am')).toBe('456.00');
      expect(new URL(upiUrl).searchParams.get('tr')).toBe(paymentId);
      expect(qr).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
      expect(await fetchPayment(paymentId)).toMatchObject({ status: 'created', method: 'upi', vpa: null });

      const poll = () => shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/checkout/payments/${paymentId}` });
      expect((await poll()).json()).toEqual({ status: 'created' });

      const paid = await testPay({ order_id: order.id, method: 'upi', vpa: 'success@razorpay' });
      expect(paid.statusCode).toBe(200);
      expect(paid.json().razorpay_payment_id).toBe(paymentId);
      const answer = (await poll()).json();
      expect(answer).toMatchObject({ razorpay_payment_id: paymentId, razorpay_order_id: order.id });
      expect(verifyPaymentSignature(order.id, paymentId, answer.razorpay_signature, SANDBOX_KEY_SECRET)).toBe(true);
      expect(await paymentsOf(order.id)).toHaveLength(1);
      expect(await fetchPayment(paymentId)).toMatchObject({ status: 'captured', vpa: 'success@razorpay' });
      await shop.app.paymentsSandbox?.deliveries.idle();
      const hooks = await shop.database.db
        .select()
        .from(sandboxRazorpayWebhooks)
        .where(eq(sandboxRazorpayWebhooks.orderId, order.id));
      expect(hooks.map((h) => h.event).sort()).toEqual(['order.paid', 'payment.captured']);
      expect(JSON.parse(hooks[0]?.body ?? '{}').payload.payment.entity).toMatchObject({ method: 'upi' });
    });

    it('an app payment the shopper declines answers the poll with the error', async () => {
      const order = await newOrder();
      const started = await shop.app.inject({
        method: 'POST',
        url: `${SANDBOX_PREFIX}/checkout/upi`,
        payload: { key: SANDBOX_KEY_ID, order_id: order.id, flow: 'intent' },
      });
      const paymentId = started.json().payment_id;
      const app = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/upi-app/${paymentId}` });
      expect(app.statusCode).toBe(200);
      expect(app.body).toContain('Decline');
      const declined = await shop.app.inject({
        method: 'POST',
        url: `${SANDBOX_PREFIX}/upi-app/${paymentId}`,
        payload: 'answer=decline',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(declined.statusCode).toBe(200);
      const poll = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/checkout/payments/${paymentId}` });
      expect(poll.json().error).toMatchObject({ metadata: { payment_id: paymentId } });
      expect(await fetchPayment(paymentId)).toMatchObject({ status: 'failed', method: 'upi' });
    });
  });

  describe('netbanking', () => {
    it('pays from a listed bank, and is declined when the bank’s page says failure', async () => {
      const order = await newOrder();
      const failed = await testPay({ order_id: order.id, method: 'netbanking', bank: 'SBIN', outcome: 'failure' });
      expect(failed.statusCode).toBe(400);
      expect(await fetchPayment(failed.json().error.metadata.payment_id)).toMatchObject({
        status: 'failed',
        method: 'netbanking',
        bank: 'SBIN',
      });
      const paid = await testPay({ order_id: order.id, method: 'netbanking', bank: 'HDFC' });
      expect(paid.statusCode).toBe(200);
      expect(await fetchPayment(paid.json().razorpay_payment_id)).toMatchObject({
        status: 'captured',
        method: 'netbanking',
        bank: 'HDFC',
        vpa: null,
        card: null,
      });
    });

    it('refuses a bank it does not list', async () => {
      const order = await newOrder();
      const response = await testPay({ order_id: order.id, method: 'netbanking', bank: 'NOPE' });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.field).toBe('bank');
      expect(await paymentsOf(order.id)).toHaveLength(0);
    });
  });

  describe('wallets', () => {
    it('pays from a wallet, and is declined when the wallet says failure', async () => {
      const order = await newOrder();
      const failed = await testPay({ order_id: order.id, method: 'wallet', wallet: 'phonepe', outcome: 'failure' });
      expect(failed.statusCode).toBe(400);
      const paid = await testPay({ order_id: order.id, method: 'wallet', wallet: 'paytm' });
      expect(paid.statusCode).toBe(200);
      expect(await fetchPayment(paid.json().razorpay_payment_id)).toMatchObject({
        status: 'captured',
        method: 'wallet',
        wallet: 'paytm',
      });
      const unknown = await testPay({ order_id: order.id, method: 'wallet', wallet: 'nowallet' });
      expect(unknown.json().error.field).toBe('wallet');
    });
  });

  describe('cards', () => {
    it('card_number alone still means a card, with its network and last four digits', async () => {
      const order = await newOrder();
      const paid = await testPay({ order_id: order.id, card_number: '4111 1111 1111 1111' });
      expect(paid.statusCode).toBe(200);
      expect(await fetchPayment(paid.json().razorpay_payment_id)).toMatchObject({
        method: 'card',
        card: { entity: 'card', last4: '1111', network: 'Visa' },
        vpa: null,
      });
    });

    it('refuses a method with another method’s detail', async () => {
      const order = await newOrder();
      for (const body of [
        { method: 'upi', card_number: '4111111111111111' },
        { method: 'card', vpa: 'success@razorpay' },
        { method: 'card' },
        { method: 'cash' },
        { method: 'netbanking', bank: 'HDFC', vpa: 'success@razorpay' },
      ]) {
        const response = await testPay({ order_id: order.id, ...body });
        expect(response.statusCode, JSON.stringify(body)).toBe(400);
      }
      expect(await paymentsOf(order.id)).toHaveLength(0);
    });
  });

  describe('the checkout dialog', () => {
    /** How long a dialog may take to hear back from the sandbox (a busy machine is slow); not a speed requirement. */
    const SETTLED = { timeout: 15_000, interval: 50 };
    /**
     * A page with the sandbox's checkout.js whose fetch goes to this shop's sandbox (jsdom has no network of its own):
     * the dialog talks to the real routes.
     */
    async function page() {
      const script = await shop.app.inject({ method: 'GET', url: `${SANDBOX_PREFIX}/checkout.js` });
      const dom = new JSDOM('<!doctype html><html><head></head><body></body></html>', {
        runScripts: 'outside-only',
        url: 'http://shop.test/checkout',
      });
      const { window } = dom;
      window.fetch = async (url: string, init: { method?: string; body?: string } = {}) => {
        const path = new URL(url, 'http://shop.test').pathname;
        const response = await shop.app.inject({
          method: (init.method ?? 'GET') as 'GET' | 'POST',
          url: path,
          ...(init.body ? { payload: init.body, headers: { 'content-type': 'application/json' } } : {}),
        });
        return { ok: response.statusCode < 400, json: async () => response.json() };
      };
      window.open = () => null;
      window.eval(script.body);
      return window;
    }
    type Handler = { razorpay_payment_id: string };

    function openDialog(
      window: Awaited<ReturnType<typeof page>>,
      orderId: string,
      prefill: Record<string, string> = {},
    ) {
      const paid: Handler[] = [];
      const failed: unknown[] = [];
      const rzp = new window.Razorpay({
        key: SANDBOX_KEY_ID,
        amount: 99_900,
        currency: 'INR',
        name: 'Kapaas',
        order_id: orderId,
        prefill,
        handler: (answer: Handler) => paid.push(answer),
      });
      rzp.on('payment.failed', (event: unknown) => failed.push(event));
      rzp.open();
      const dialog = window.document.querySelector('[role="dialog"]');
      const tab = (name: string) => [...dialog.querySelectorAll('[role="tab"]')].find((t) => t.textContent === name);
      const buttonNamed = (name: string) => [...dialog.querySelectorAll('button')].find((b) => b.textContent === name);
      return { dialog, paid, failed, tab, buttonNamed };
    }

    it('lists UPI first, opens the card form as before, and UPI by prefill.method', async () => {
      const window = await page();
      const order = await newOrder();
      const { dialog, tab } = openDialog(window, order.id);
      expect([...dialog.querySelectorAll('[role="tab"]')].map((t) => t.textContent)).toEqual([
        'UPI',
        'Card',
        'Netbanking',
        'Wallet',
      ]);
      expect(tab('Card').getAttribute('aria-selected')).toBe('true');
      expect([...dialog.querySelectorAll('label')].map((l) => l.textContent)).toEqual([
        'Card number',
        'Expiry (MM/YY)',
        'CVV',
      ]);
      tab('UPI').click();
      expect(tab('UPI').getAttribute('aria-selected')).toBe('true');
      expect([...dialog.querySelectorAll('label')].map((l) => l.textContent)).toEqual(['UPI ID']);
      window.close();

      const again = await page();
      const upiFirst = openDialog(again, order.id, { method: 'upi' });
      expect(upiFirst.tab('UPI').getAttribute('aria-selected')).toBe('true');
      again.close();
    });

    it('pays by UPI ID: failure@razorpay shows the decline beside the field and fires payment.failed, success@razorpay pays', async () => {
      const window = await page();
      const order = await newOrder();
      const { dialog, paid, failed, tab } = openDialog(window, order.id);
      tab('UPI').click();
      const input = dialog.querySelector('input[name="vpa"]');
      const form = input.closest('form');
      input.value = 'not-an-id';
      form.dispatchEvent(new window.Event('submit', { cancelable: true }));
      expect(dialog.querySelector('[role="alert"]').textContent).toMatch(/valid UPI ID/);
      expect(input.getAttribute('aria-invalid')).toBe('true');
      input.value = 'failure@razorpay';
      form.dispatchEvent(new window.Event('submit', { cancelable: true }));
      await vi.waitFor(() => expect(failed).toHaveLength(1), SETTLED);
      expect(dialog.querySelector('[role="alert"]').textContent).toMatch(/declined in the UPI app/);
      input.value = 'success@razorpay';
      form.dispatchEvent(new window.Event('submit', { cancelable: true }));
      await vi.waitFor(() => expect(paid).toHaveLength(1), SETTLED);
      expect(window.document.querySelector('[role="dialog"]')).toBeNull();
      expect(await fetchPayment(paid[0]?.razorpay_payment_id ?? '')).toMatchObject({
        method: 'upi',
        status: 'captured',
      });
      window.close();
    });

    it('shows a QR code and waits, polling, until the payment is approved elsewhere', async () => {
      const window = await page();
      const order = await newOrder();
      const { dialog, paid, tab, buttonNamed } = openDialog(window, order.id);
      tab('UPI').click();
      buttonNamed('Show QR code').click();
      await vi.waitFor(() => expect(dialog.querySelector('svg[role="img"]')).not.toBeNull(), SETTLED);
      expect(dialog.querySelector('[role="status"]').textContent).toMatch(/Scan the QR code/);
      expect(paid).toHaveLength(0);
      const approved = await testPay({ order_id: order.id, method: 'upi', vpa: 'success@razorpay' });
      expect(approved.statusCode).toBe(200);
      await vi.waitFor(() => expect(paid).toHaveLength(1), SETTLED);
      expect(paid[0]?.razorpay_payment_id).toBe(approved.json().razorpay_payment_id);
      window.close();
    });

    it('netbanking: a bank, then the test page’s Failure declines and Success pays', async () => {
      const window = await page();
      const order = await newOrder();
      const { dialog, paid, failed, tab, buttonNamed } = openDialog(window, order.id);
      tab('Netbanking').click();
      const select = dialog.querySelector('select[name="bank"]');
      expect([...select.options].map((o) => o.value)).toContain('HDFC');
      select.value = 'ICIC';
      select.closest('form').dispatchEvent(new window.Event('submit', { cancelable: true }));
      expect(dialog.querySelector('h3').textContent).toMatch(/ICICI Bank/);
      buttonNamed('Failure').click();
      await vi.waitFor(() => expect(failed).toHaveLength(1), SETTLED);
      buttonNamed('Success').click();
      await vi.waitFor(() => expect(paid).toHaveLength(1), SETTLED);
      expect(await fetchPayment(paid[0]?.razorpay_payment_id ?? '')).toMatchObject({
        method: 'netbanking',
        bank: 'ICIC',
      });
      window.close();
    });

    it('wallet: a wallet, then Success pays from it', async () => {
      const window = await page();
      const order = await newOrder();
      const { dialog, paid, tab, buttonNamed } = openDialog(window, order.id);
      tab('Wallet').click();
      const select = dialog.querySelector('select[name="wallet"]');
      select.value = 'amazonpay';
      select.closest('form').dispatchEvent(new window.Event('submit', { cancelable: true }));
      buttonNamed('Success').click();
      await vi.waitFor(() => expect(paid).toHaveLength(1), SETTLED);
      expect(await fetchPayment(paid[0]?.razorpay_payment_id ?? '')).toMatchObject({
        method: 'wallet',
        wallet: 'amazonpay',
      });
      window.close();
    });
  });
});
