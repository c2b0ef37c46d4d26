import { eq, sandboxRazorpayOrders, sandboxRazorpayPayments, sandboxRazorpayWebhooks } from '@kapaas/db';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundFor } from '../../../test/bounds';
import { startTestShop, type TestShop } from '../../../test/shop';
import {
  SANDBOX_KEY_ID,
  SANDBOX_KEY_SECRET,
  SANDBOX_PREFIX,
  SANDBOX_WEBHOOK_SECRET,
} from '../../dev/razorpay-sandbox/sandbox.constants';
import { pay } from '../../dev/razorpay-sandbox/sandbox.service';
import { checkoutFixtures } from './checkout.fixtures';

/*
 * A Razorpay account set to capture payments manually: a paying card only authorises, and the
 * shop must capture (POST /v1/payments/:id/capture) or the bank releases the money after a few
 * days and the order is never paid. The sandbox emulates that setting with
 * RAZORPAY_SANDBOX_CAPTURE=manual; the shop's code is the same as for automatic capture.
 */

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop({ env: { RAZORPAY_SANDBOX_CAPTURE: 'manual' } });
});
afterAll(async () => {
  await shop?.close();
});

const f = checkoutFixtures(() => shop);
const AUTH = { authorization: `Basic ${Buffer.from(`${SANDBOX_KEY_ID}:${SANDBOX_KEY_SECRET}`).toString('base64')}` };
const sandboxApi = (options: InjectOptions) =>
  shop.app.inject({ ...options, url: `${SANDBOX_PREFIX}${options.url}`, headers: { ...AUTH, ...options.headers } });

async function sandboxPayment(id: string) {
  const [row] = await shop.database.db.select().from(sandboxRazorpayPayments).where(eq(sandboxRazorpayPayments.id, id));
  if (!row) throw new Error(`no sandbox payment ${id}`);
  return row;
}

/** Authorises a payment in the sandbox's store directly: its webhook is written but never sent. */
async function authorise(providerOrderId: string) {
  const { answer } = await pay(
    shop.database.db,
    { keySecret: SANDBOX_KEY_SECRET, webhookSecret: SANDBOX_WEBHOOK_SECRET, capture: 'manual' },
    { orderId: providerOrderId, cardNumber: '4111111111111111' },
  );
  return answer;
}

const sandboxPaymentsOf = (providerOrderId: string) =>
  shop.database.db.select().from(sandboxRazorpayPayments).where(eq(sandboxRazorpayPayments.orderId, providerOrderId));

describe('the sandbox set to capture manually', () => {
  it('authorises a paying card, then captures it once, for exactly the amount authorised', async () => {
    const created = await sandboxApi({
      method: 'POST',
      url: '/v1/orders',
      payload: { amount: 89_900, currency: 'INR', receipt: `manual-${Date.now()}` },
    });
    const order = created.json() as { id: string };
    const paymentId = (await f.paid(order.id)).razorpay_payment_id;
    expect(await sandboxPayment(paymentId)).toMatchObject({ status: 'authorized', captured: false });
    const [orderRow] = await shop.database.db
      .select()
      .from(sandboxRazorpayOrders)
      .where(eq(sandboxRazorpayOrders.id, order.id));
    expect(orderRow).toMatchObject({ status: 'attempted', amountPaidPaise: 0 });

    const capture = (payload: unknown) =>
      sandboxApi({ method: 'POST', url: `/v1/payments/${paymentId}/capture`, payload: payload as object });
    const refund = await sandboxApi({ method: 'POST', url: `/v1/payments/${paymentId}/refund`, payload: {} });
    expect(refund.json().error.description).toBe('The payment has not been captured, so it cannot be refunded.');
    const tooLittle = await capture({ amount: 100, currency: 'INR' });
    expect(tooLittle.statusCode).toBe(400);
    expect(tooLittle.json().error).toMatchObject({
      code: 'BAD_REQUEST_ERROR',
      description: 'Capture amount must be equal to the amount authorized',
      field: 'amount',
    });
    expect((await capture({ amount: 89_900, currency: 'USD' })).statusCode).toBe(400);
    expect(await sandboxPayment(paymentId)).toMatchObject({ status: 'authorized', captured: false });

    const captured = await capture({ amount: 89_900, currency: 'INR' });
    expect(captured.statusCode, captured.body).toBe(200);
    expect(captured.json()).toMatchObject({ id: paymentId, status: 'captured', captured: true, amount: 89_900 });
    const again = await capture({ amount: 89_900, currency: 'INR' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.description).toBe('This payment has already been captured');

    const fetched = await sandboxApi({ method: 'GET', url: `/v1/orders/${order.id}` });
    expect(fetched.json()).toMatchObject({ status: 'paid', amount_paid: 89_900, amount_due: 0 });
    await f.webhooksDelivered();
    const events = await shop.database.db
      .select({ event: sandboxRazorpayWebhooks.event })
      .from(sandboxRazorpayWebhooks)
      .where(eq(sandboxRazorpayWebhooks.orderId, order.id))
      .orderBy(sandboxRazorpayWebhooks.id);
    expect(events.map((e) => e.event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
  });
});

describe('the shop on an account that captures manually', () => {
  it('captures the authorised payment on the checkout’s second call and marks the order paid', async () => {
    const item = await f.stockedItem(4);
    const { shopper, addressId } = await f.readyGuest(item, 2);
    const placed = await f.placed(shopper, addressId, item, 2);
    const handler = await f.paid(placed.razorpay_order_id);

    const confirmed = await f.confirm(shopper, placed.order_id, handler);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ success: true, status: 'paid' });
    expect(await sandboxPayment(handler.razorpay_payment_id)).toMatchObject({ status: 'captured', captured: true });
    await f.webhooksDelivered();
    expect(await f.orderRow(placed.order_id)).toMatchObject({ status: 'paid' });
    expect(await f.paymentsOf(placed.order_id)).toEqual([
      expect.objectContaining({
        providerPaymentId: handler.razorpay_payment_id,
        amountPaise: placed.amount,
        note: null,
      }),
    ]);
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });
  });

  it('captures and settles from the payment.authorized webhook when the browser never calls back', async () => {
    const item = await f.stockedItem(3);
    const { addressId, shopper } = await f.readyGuest(item);
    const placed = await f.placed(shopper, addressId, item);
    const handler = await f.paid(placed.razorpay_order_id);
    await f.webhooksDelivered(); // payment.authorized: the shop captures, then payment.captured and order.paid follow
    await f.webhooksDelivered();

    expect(await sandboxPayment(handler.razorpay_payment_id)).toMatchObject({ status: 'captured', captured: true });
    expect(await f.orderRow(placed.order_id)).toMatchObject({ status: 'paid' });
    expect(await f.paymentsOf(placed.order_id)).toHaveLength(1);
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });
  });

  // Bounded by its work (test/bounds.ts): each round a shopper placing an order (4 calls), a payment captured by the
  // second call and the webhooks (5), and four checks.
  it('the browser callback and the webhook capturing together, 15 times: one capture, one paid order, one payment', {
    timeout: boundFor({ operations: 15 * (4 + 5 + 4) }),
  }, async () => {
    for (let round = 0; round < 15; round += 1) {
      const item = await f.stockedItem(1);
      const { addressId, shopper } = await f.readyGuest(item);
      const placed = await f.placed(shopper, addressId, item);
      const handler = await f.paid(placed.razorpay_order_id); // its payment.authorized webhook is on its way
      const [confirmed] = await Promise.all([f.confirm(shopper, placed.order_id, handler), f.webhooksDelivered()]);
      await f.webhooksDelivered();
      expect(confirmed.statusCode, `round ${round}: ${confirmed.body}`).toBe(200);
      expect(await f.orderRow(placed.order_id)).toMatchObject({ status: 'paid' });
      expect(await f.paymentsOf(placed.order_id)).toHaveLength(1);
      const attempts = await sandboxPaymentsOf(placed.razorpay_order_id);
      expect(attempts).toEqual([expect.objectContaining({ status: 'captured', amountRefundedPaise: 0 })]);
      expect(await f.stockOf(item)).toEqual({ stock: 0, reserved: 0 });
    }
  });

  it('leaves a second authorised payment for an order already paid uncaptured, so nothing has to be refunded', async () => {
    const item = await f.stockedItem(2);
    const { addressId, shopper } = await f.readyGuest(item);
    const placed = await f.placed(shopper, addressId, item);
    // Two tabs: both authorise a payment for the same order before either calls back (paid straight
    // in the sandbox's store, so that no webhook settles either of them first).
    const first = await authorise(placed.razorpay_order_id);
    const second = await authorise(placed.razorpay_order_id);
    expect((await f.confirm(shopper, placed.order_id, first)).statusCode).toBe(200);
    await f.webhooksDelivered();

    const refused = await f.confirm(shopper, placed.order_id, second);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      success: false,
      code: 'NOT_ACCEPTED',
      message:
        'This payment was not taken because the order had already been paid by another payment. Your bank will release the amount it holds.',
    });
    expect(await sandboxPayment(second.razorpay_payment_id)).toMatchObject({ status: 'authorized', captured: false });
    expect(await sandboxPayment(first.razorpay_payment_id)).toMatchObject({ status: 'captured' });
    expect(await f.paymentsOf(placed.order_id)).toHaveLength(1);
    expect(await f.stockOf(item)).toEqual({ stock: 1, reserved: 0 });
  });

  it('captures an authorised payment whose webhook was lost when the expiry check finds it', async () => {
    const item = await f.stockedItem(2);
    const { addressId, shopper } = await f.readyGuest(item);
    const placed = await f.placed(shopper, addressId, item);
    // Paid straight in the sandbox's store: its payment.authorized webhook is written but never sent.
    const answer = await authorise(placed.razorpay_order_id);
    expect(await f.orderRow(placed.order_id)).toMatchObject({ status: 'pending_payment' });

    expect(await f.expireAfter(31)).toBe(0);
    expect(await sandboxPayment(answer.razorpay_payment_id)).toMatchObject({ status: 'captured', captured: true });
    expect(await f.orderRow(placed.order_id)).toMatchObject({ status: 'paid' });
    expect(await f.stockOf(item)).toEqual({ stock: 1, reserved: 0 });
  });
});
