import { asc, eq, orderEvents, orders, payments, sandboxRazorpayOrders, sandboxRazorpayPayments } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_KEY_SECRET, SANDBOX_WEBHOOK_SECRET } from '../../dev/razorpay-sandbox/sandbox.constants';
import { pay } from '../../dev/razorpay-sandbox/sandbox.service';
import { ProviderError, type RazorpayClient } from '../razorpay/razorpay.client';
import { checkoutFixtures } from './checkout.fixtures';
import { expireDueOrders } from './expiry';
import { type CheckoutDeps, recordRefund, settlePayment } from './settlement';

/*
 * Where money could still go astray after the common races: a payment that fails and is
 * captured later under the same id, a refund that fails, a provider that cannot be asked at
 * expiry, money refunded before the shop saw it, refund events out of order.
 */

let shop: TestShop;
beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

const f = checkoutFixtures(() => shop);

function deps(client: Partial<RazorpayClient> = {}): CheckoutDeps {
  const { app } = shop;
  return {
    db: app.database.db,
    payments: { ...app.payments, client: { ...app.payments.client, ...client } },
    catalogue: app.catalogue,
    log: app.log,
  };
}

const unreachable = () =>
  Promise.reject(new ProviderError({ status: null, code: 'NETWORK_ERROR', description: 'connect ECONNREFUSED' }));
const refundsDown = () =>
  Promise.reject(new ProviderError({ status: 502, code: 'GATEWAY_ERROR', description: 'Refunds are unavailable' }));

/** Pays straight in the sandbox's store: its webhooks are written but never sent to the shop. */
async function payQuietly(providerOrderId: string) {
  const { answer } = await pay(
    shop.database.db,
    { keySecret: SANDBOX_KEY_SECRET, webhookSecret: SANDBOX_WEBHOOK_SECRET },
    { orderId: providerOrderId, cardNumber: '4111111111111111' },
  );
  return answer;
}

/** The shop's notes in an order's history, oldest first. */
async function notesOf(orderId: number) {
  const events = await shop.database.db
    .select()
    .from(orderEvents)
    .where(eq(orderEvents.orderId, orderId))
    .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));
  return events.map((event) => event.note);
}

/** Razorpay's webhook about a payment of the sandbox, as it stands there now. */
async function sendWebhook(event: string, paymentId: string) {
  return f.sendWebhook(event, await shop.app.payments.client.fetchPayment(paymentId));
}

describe('settlement at the edges', () => {
  it('a payment that failed and is captured later under the same id (late authorisation) pays the order', async () => {
    const item = await f.stockedItem(3);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const placed = await f.placed(shopper, addressId, item, 1);
    const declined = await f.pay(placed.razorpay_order_id, '4000 0000 0000 0002');
    const paymentId = declined.json().error.metadata.payment_id as string;
    await f.webhooksDelivered();
    expect((await f.orderRow(placed.order_id)).status).toBe('payment_failed');
    expect(await f.paymentsOf(placed.order_id)).toEqual([expect.objectContaining({ status: 'failed' })]);

    // The bank authorises it after all and Razorpay captures it, under the same payment id.
    const { db } = shop.database;
    await db
      .update(sandboxRazorpayPayments)
      .set({ status: 'captured', captured: true })
      .where(eq(sandboxRazorpayPayments.id, paymentId));
    await db
      .update(sandboxRazorpayOrders)
      .set({ status: 'paid', amountPaidPaise: placed.amount })
      .where(eq(sandboxRazorpayOrders.id, placed.razorpay_order_id));
    const handled = await sendWebhook('payment.captured', paymentId);
    expect(handled.statusCode, handled.body).toBe(200);

    expect((await f.orderRow(placed.order_id)).status).toBe('paid');
    expect(await f.paymentsOf(placed.order_id)).toEqual([
      expect.objectContaining({ providerPaymentId: paymentId, status: 'accepted', note: null }),
    ]);
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });
  });

  it('a refund that failed is made at the next sight of the payment, once', async () => {
    const item = await f.stockedItem(1);
    const first = await f.readyGuest(item, 1);
    const late = await f.placed(first.shopper, first.addressId, item, 1);
    await f.expireAfter(31);
    // The last piece sells to someone else, then the first shopper's payment arrives.
    const other = await f.readyGuest(item, 1);
    const sold = await f.placed(other.shopper, other.addressId, item, 1);
    await f.confirm(other.shopper, sold.order_id, await f.paid(sold.razorpay_order_id));
    await f.webhooksDelivered();
    const answer = await payQuietly(late.razorpay_order_id);
    const payment = await shop.app.payments.client.fetchPayment(answer.razorpay_payment_id);

    const failedRefund = await settlePayment(deps({ refund: refundsDown }), payment, 'webhook');
    expect(failedRefund).toMatchObject({ kind: 'refund_failed' });
    const [noted] = await f.paymentsOf(late.order_id);
    expect(noted).toMatchObject({ status: 'refund_failed', refundedPaise: 0 });
    expect(noted?.note).toMatch(/sold out\. THE REFUND FAILED/);
    expect((await notesOf(late.order_id)).at(-1)).toMatch(
      new RegExp(`^The automatic refund of payment ${answer.razorpay_payment_id} of ₹[\\d,.]+ failed \\(GATEWAY_ERROR`),
    );

    // Razorpay sends the event again (or the shopper's browser calls back): the refund is made now.
    const handled = await sendWebhook('payment.captured', answer.razorpay_payment_id);
    expect(handled.json()).toMatchObject({ success: true, outcome: 'refunded' });
    const [refunded] = await f.paymentsOf(late.order_id);
    expect(refunded).toMatchObject({ status: 'refunded', refundedPaise: late.amount });
    expect(refunded?.note).toMatch(/sold out\. Refunded in full/);
    // The history says so too, once, whoever reports the refund first (the sandbox's refund webhook, or this answer).
    await f.webhooksDelivered();
    const notes = await notesOf(late.order_id);
    expect(notes.at(-1)).toMatch(
      new RegExp(`^Payment ${answer.razorpay_payment_id} of ₹[\\d,.]+ was refunded in full`),
    );
    expect(notes.filter((note) => /was refunded in full/.test(note ?? ''))).toHaveLength(1);
    // And never twice: seeing it again changes nothing at the provider.
    await sendWebhook('payment.captured', answer.razorpay_payment_id);
    const provider = await shop.app.payments.client.fetchPayment(answer.razorpay_payment_id);
    expect(provider).toMatchObject({ status: 'refunded', amount_refunded: late.amount });
    expect((await f.orderRow(late.order_id)).status).toBe('expired');
  });

  it("a refund that failed and was made from Razorpay's dashboard is in the order's history, once", async () => {
    const item = await f.stockedItem(1);
    const first = await f.readyGuest(item, 1);
    const late = await f.placed(first.shopper, first.addressId, item, 1);
    await f.expireAfter(31);
    const other = await f.readyGuest(item, 1);
    const sold = await f.placed(other.shopper, other.addressId, item, 1);
    await f.confirm(other.shopper, sold.order_id, await f.paid(sold.razorpay_order_id));
    await f.webhooksDelivered();
    const answer = await payQuietly(late.razorpay_order_id);
    const payment = await shop.app.payments.client.fetchPayment(answer.razorpay_payment_id);
    expect(await settlePayment(deps({ refund: refundsDown }), payment, 'webhook')).toMatchObject({
      kind: 'refund_failed',
    });

    // The owner refunds it in Razorpay's dashboard instead; Razorpay reports it (twice, as it may).
    await shop.app.payments.client.refund(answer.razorpay_payment_id, {}, 'dashboard-refund-0002');
    await f.webhooksDelivered();
    await sendWebhook('refund.processed', answer.razorpay_payment_id);
    const [refunded] = await f.paymentsOf(late.order_id);
    expect(refunded).toMatchObject({ status: 'refunded', refundedPaise: late.amount });
    const notes = await notesOf(late.order_id);
    expect(notes.at(-1)).toBe(`Payment ${answer.razorpay_payment_id} was refunded in full (reported by Razorpay).`);
    expect(notes.filter((note) => /was refunded in full/.test(note ?? ''))).toHaveLength(1);
  });

  it('an unpaid order whose payment could not be accepted still expires and gives its stock back', async () => {
    const item = await f.stockedItem(10);
    const coupon = await f.couponWith({ usageLimit: 1 });
    const waiting = await f.readyGuest(item, 2);
    const held = await f.placed(waiting.shopper, waiting.addressId, item, 2, { coupon_id: coupon.id });
    // Its hold on the coupon lapses before any sweep runs, and another order uses the coupon up.
    await shop.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, held.order_id));
    const other = await f.readyGuest(item, 1);
    const quick = await f.placed(other.shopper, other.addressId, item, 1, { coupon_id: coupon.id });
    await f.confirm(other.shopper, quick.order_id, await f.paid(quick.razorpay_order_id));
    await f.webhooksDelivered();

    // The first shopper pays now: refused for the coupon, and the refund fails; the order is still unpaid.
    const answer = await payQuietly(held.razorpay_order_id);
    const payment = await shop.app.payments.client.fetchPayment(answer.razorpay_payment_id);
    const refused = await settlePayment(deps({ refund: refundsDown }), payment, 'checkout');
    expect(refused).toMatchObject({ kind: 'refund_failed', reason: expect.stringMatching(/coupon/) });
    expect((await f.orderRow(held.order_id)).status).toBe('pending_payment');
    expect(await f.stockOf(item)).toEqual({ stock: 9, reserved: 2 });

    // The sweep refunds it now and expires the order, instead of skipping it for ever.
    expect(await f.expireAfter(0)).toBeGreaterThanOrEqual(1);
    expect((await f.orderRow(held.order_id)).status).toBe('expired');
    expect(await f.stockOf(item)).toEqual({ stock: 9, reserved: 0 });
    expect(await f.paymentsOf(held.order_id)).toEqual([
      expect.objectContaining({ status: 'refunded', refundedPaise: held.amount }),
    ]);
  });

  it('waits for a provider it cannot ask before expiring an order, for up to an hour', async () => {
    const item = await f.stockedItem(2);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const placed = await f.placed(shopper, addressId, item, 1);
    const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

    expect(await expireDueOrders(deps({ fetchOrderPayments: unreachable }), later(31))).toBe(0);
    expect((await f.orderRow(placed.order_id)).status).toBe('pending_payment');
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 1 });

    // A payment whose webhook was lost is found once the provider answers again.
    const answer = await payQuietly(placed.razorpay_order_id);
    expect(await expireDueOrders(deps(), later(40))).toBe(0);
    expect((await f.orderRow(placed.order_id)).status).toBe('paid');
    expect(await f.paymentsOf(placed.order_id)).toEqual([
      expect.objectContaining({ providerPaymentId: answer.razorpay_payment_id, status: 'accepted' }),
    ]);

    // An order the provider stays silent about expires an hour past its time.
    const next = await f.readyGuest(item, 1);
    const silent = await f.placed(next.shopper, next.addressId, item, 1);
    expect(await expireDueOrders(deps({ fetchOrderPayments: unreachable }), later(59))).toBe(0);
    expect(await expireDueOrders(deps({ fetchOrderPayments: unreachable }), later(95))).toBe(1);
    expect((await f.orderRow(silent.order_id)).status).toBe('expired');
    expect(await f.stockOf(item)).toEqual({ stock: 1, reserved: 0 });
  });

  it('money refunded before the shop saw it never pays for an order', async () => {
    const item = await f.stockedItem(2);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const placed = await f.placed(shopper, addressId, item, 1);
    const answer = await payQuietly(placed.razorpay_order_id);
    // The shop was down; the merchant refunded from the dashboard; the saved handler is replayed.
    await shop.app.payments.client.refund(answer.razorpay_payment_id, {}, 'dashboard-refund-0001');
    await f.webhooksDelivered();

    const replayed = await f.confirm(shopper, placed.order_id, answer);
    expect(replayed.statusCode).toBe(409);
    expect(replayed.json()).toMatchObject({ success: false, code: 'PAYMENT_REFUNDED' });
    expect((await f.orderRow(placed.order_id)).status).toBe('pending_payment');
    expect(await f.paymentsOf(placed.order_id)).toEqual([]);
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 1 });
  });

  it('refund events arriving out of order never lower what was refunded', async () => {
    const item = await f.stockedItem(2);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const placed = await f.placed(shopper, addressId, item, 1);
    const handler = await f.paid(placed.razorpay_order_id);
    await f.confirm(shopper, placed.order_id, handler);
    await f.webhooksDelivered();
    const payment = await shop.app.payments.client.fetchPayment(handler.razorpay_payment_id);

    const more = Math.floor(payment.amount * 0.6);
    const less = Math.floor(payment.amount * 0.2);
    await recordRefund(deps(), { ...payment, amount_refunded: more });
    await recordRefund(deps(), { ...payment, amount_refunded: less });
    const [row] = await shop.database.db.select().from(payments).where(eq(payments.orderId, placed.order_id));
    expect(row).toMatchObject({ refundedPaise: more, status: 'partially_refunded' });
  });
});
