import { eq, guests, orders, PAYMENT_STATUSES, type PaymentStatus, payments } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_ADDRESS_SNAPSHOT } from '../../../test/address-snapshot';
import { startTestShop, type TestShop } from '../../../test/shop';
import { canMovePayment, movePayment, PAYMENT_TRANSITIONS, recordRefundedTotal } from './payments.repository';

describe('the payment state machine (ADR 020)', () => {
  it('has a row for every status, leading only to known statuses', () => {
    expect(Object.keys(PAYMENT_TRANSITIONS).sort()).toEqual([...PAYMENT_STATUSES].sort());
    for (const targets of Object.values(PAYMENT_TRANSITIONS)) {
      for (const to of targets) expect(PAYMENT_STATUSES).toContain(to);
    }
  });

  it('never leads back to failed, and only a failed attempt can still become accepted', () => {
    const into = (to: PaymentStatus) => PAYMENT_STATUSES.filter((from) => canMovePayment(from, to));
    expect(into('failed')).toEqual([]);
    expect(into('accepted')).toEqual(['failed']);
    expect(into('refund_pending')).toEqual(['failed']);
  });

  it('keeps money given back given back: a refunded payment stays refunded', () => {
    expect(PAYMENT_TRANSITIONS.refunded).toEqual(['refunded']);
    expect(canMovePayment('partially_refunded', 'accepted')).toBe(false);
    expect(canMovePayment('accepted', 'refund_failed')).toBe(false);
  });
});

describe('payment status changes (compare-and-set)', () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    await shop.close();
  });

  /** An accepted payment of ₹549 for a paid order, written straight to the database. */
  async function acceptedPayment(tag: string) {
    const db = shop.database.db;
    const [guest] = await db.insert(guests).values({}).returning();
    const [order] = await db
      .insert(orders)
      .values({
        guestId: guest?.id ?? null,
        status: 'paid',
        addressSnapshot: SAMPLE_ADDRESS_SNAPSHOT,
        itemsTotalPaise: 54_900,
        totalPaise: 54_900,
      })
      .returning();
    if (!order) throw new Error('no order');
    const [payment] = await db
      .insert(payments)
      .values({ orderId: order.id, providerPaymentId: `pay_cas_${tag}`, amountPaise: 54_900, status: 'accepted' })
      .returning();
    if (!payment) throw new Error('no payment');
    return payment;
  }

  const reread = async (id: number) => (await shop.database.db.select().from(payments).where(eq(payments.id, id)))[0];

  it('an illegal move changes nothing', async () => {
    const payment = await acceptedPayment('illegal');
    const moved = await movePayment(shop.database.db, { id: payment.id }, ['accepted'], 'refund_failed', {
      note: 'should not be written',
    });
    expect(moved).toBeUndefined();
    expect(await reread(payment.id)).toEqual(payment);
  });

  it('a move from a status the payment has left changes nothing', async () => {
    const payment = await acceptedPayment('stale');
    const moved = await movePayment(
      shop.database.db,
      { providerPaymentId: payment.providerPaymentId },
      ['refund_pending'],
      'refunded',
      {
        refundedPaise: 54_900,
      },
    );
    expect(moved).toBeUndefined();
    expect(await reread(payment.id)).toEqual(payment);
  });

  it('refunds move an accepted payment to partially refunded, then refunded, and never back', async () => {
    const payment = await acceptedPayment('refunds');
    const key = { id: payment.id };
    expect(await recordRefundedTotal(shop.database.db, key, 10_000)).toMatchObject({
      status: 'partially_refunded',
      refundedPaise: 10_000,
    });
    expect(await recordRefundedTotal(shop.database.db, key, 54_900)).toMatchObject({
      status: 'refunded',
      refundedPaise: 54_900,
    });
    // An older, smaller refund total arriving late lowers nothing.
    expect(await recordRefundedTotal(shop.database.db, key, 10_000)).toMatchObject({
      status: 'refunded',
      refundedPaise: 54_900,
    });
  });
});
