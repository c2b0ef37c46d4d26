import { and, asc, creditNotes, eq, outboxMessages, sql, taxInvoices } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_KEY_ID, SANDBOX_KEY_SECRET, SANDBOX_PREFIX } from '../src/dev/razorpay-sandbox/sandbox.constants';
import { checkoutFixtures } from '../src/modules/checkout/checkout.fixtures';
import { startTestShop, type TestShop } from './shop';

/**
 * What the shopper is told of each refund of a payment, whichever path records it (issue 32, found by
 * refund-race.pg.test.ts): the console's refund workflow, or Razorpay's `refund.processed` webhook, which is the only
 * path for a refund made outside the console (in Razorpay's dashboard, or when the console's record never ran).
 */
let shop: TestShop;
const fx = checkoutFixtures(() => shop);
const AUTH = `Basic ${Buffer.from(`${SANDBOX_KEY_ID}:${SANDBOX_KEY_SECRET}`).toString('base64')}`;

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

/** A refund made at the provider, as the owner makes one in Razorpay's dashboard; its webhook then reaches the shop. */
async function refundAtProvider(paymentId: string, amountPaise: number) {
  const made = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/v1/payments/${paymentId}/refund`,
    headers: { authorization: AUTH },
    payload: { amount: amountPaise },
  });
  expect(made.statusCode, made.body).toBe(200);
  await fx.webhooksDelivered();
}

describe('refunds made at the provider, reported by its webhook', () => {
  it('tell the shopper of each refund once, with its own amount, and credit each on a note of its own', async () => {
    const item = await fx.stockedItem(5);
    const { shopper, addressId } = await fx.readyGuest(item, 2);
    const placed = await fx.placed(shopper, addressId, item, 2);
    const handler = await fx.paid(placed.razorpay_order_id);
    expect((await fx.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
    await fx.webhooksDelivered();
    const [payment] = await fx.paymentsOf(placed.order_id);
    if (!payment) throw new Error('the order has no payment');

    await refundAtProvider(handler.razorpay_payment_id, 10_000);
    await refundAtProvider(handler.razorpay_payment_id, 10_000);

    const db = shop.database.db;
    const told = await db
      .select({ payload: outboxMessages.payload })
      .from(outboxMessages)
      .where(
        and(
          eq(outboxMessages.kind, 'order_refunded'),
          sql`${outboxMessages.key} LIKE ${`order-refunded:${payment.id}:%`}`,
        ),
      )
      .orderBy(asc(outboxMessages.id));
    // "We refunded ₹100", twice: not "₹100" then "₹200" (the payment's refunded total after the second refund).
    expect(told.map((m) => m.payload.amount_paise)).toEqual([10_000, 10_000]);
    const notes = await db
      .select({ amount: creditNotes.amountPaise })
      .from(creditNotes)
      .innerJoin(taxInvoices, eq(taxInvoices.id, creditNotes.invoiceId))
      .where(eq(taxInvoices.orderId, placed.order_id));
    expect(notes.map((n) => n.amount)).toEqual([10_000, 10_000]);
    expect((await fx.paymentsOf(placed.order_id))[0]?.refundedPaise).toBe(20_000);
  });
});
