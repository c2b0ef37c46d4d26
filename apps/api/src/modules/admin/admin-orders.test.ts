import { AdminOrderAnswer, AdminOrderListAnswer, OrderDetailsAnswer } from '@kapaas/contract';
import { eq, orders, payments, refunds, sandboxRazorpayRefunds } from '@kapaas/db';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_KEY_SECRET, SANDBOX_WEBHOOK_SECRET } from '../../dev/razorpay-sandbox/sandbox.constants';
import { pay } from '../../dev/razorpay-sandbox/sandbox.service';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { ProviderError } from '../razorpay/razorpay.client';
import { type AdminClient, adminFixtures, expectStatus } from './admin.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
let owner: AdminClient;
let staff: AdminClient;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop.close();
});

/** A guest's order of `quantity` pieces of an item with `stock` on the shelf, paid unless told otherwise. */
async function order(options: { quantity?: number; stock?: number; pay?: boolean } = {}) {
  const quantity = options.quantity ?? 2;
  const item = await checkout.stockedItem(options.stock ?? 5);
  const { shopper, addressId } = await checkout.readyGuest(item, quantity);
  const placed = await checkout.placed(shopper, addressId, item, quantity);
  if (options.pay !== false) {
    const handler = await checkout.paid(placed.razorpay_order_id);
    expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
    await checkout.webhooksDelivered();
  }
  return { item, shopper, orderId: placed.order_id, quantity };
}

const detail = async (client: AdminClient, orderId: number) =>
  AdminOrderAnswer.parse(expectStatus(await client.get(`/orders/${orderId}`), 200)).data;

const setStatus = (client: AdminClient, orderId: number, status: string) =>
  client.post(`/orders/${orderId}/status`, { status });

const providerRefundsOf = async (orderId: number) => {
  const paid = await shop.database.db.select().from(payments).where(eq(payments.orderId, orderId));
  const ids = paid.map((p) => p.providerPaymentId);
  const all = await shop.database.db.select().from(sandboxRazorpayRefunds);
  return all.filter((r) => ids.includes(r.paymentId));
};

describe('order list and detail', () => {
  it('lists orders filtered by status, date and customer; the detail has lines, payment and next moves', async () => {
    const { orderId, quantity } = await order();
    const guestId = (await checkout.orderRow(orderId)).guestId as number;
    const mine = AdminOrderListAnswer.parse(expectStatus(await staff.get('/orders', { guest_id: guestId }), 200));
    expect(mine.data.map((o) => o.id)).toEqual([orderId]);
    expect(mine.data[0]).toMatchObject({
      status: 'paid',
      total_items: quantity,
      customer: { kind: 'guest', id: guestId },
    });
    const paid = AdminOrderListAnswer.parse(
      expectStatus(await staff.get('/orders', { status: 'paid', per_page: 100 }), 200),
    );
    expect(paid.data.every((o) => o.status === 'paid')).toBe(true);
    expect(paid.data.some((o) => o.id === orderId)).toBe(true);
    // Dates are the shop's Indian days (UTC+05:30), whatever the server's clock zone.
    const today = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 10);
    const byDate = expectStatus(await staff.get('/orders', { from: today, to: today, per_page: 100 }), 200);
    expect(byDate.data.some((o: { id: number }) => o.id === orderId)).toBe(true);
    const past = expectStatus(await staff.get('/orders', { to: '2020-01-01' }), 200);
    expect(past.total).toBe(0);
    expect((await staff.get('/orders', { status: 'lost' })).statusCode).toBe(400);

    const full = await detail(staff, orderId);
    expect(full.lines).toHaveLength(1);
    expect(full.payments).toHaveLength(1);
    expect(full.payments[0]?.status).toBe('accepted');
    expect(full.next_statuses).toEqual(['packed', 'cancelled']);
    expect((await owner.get('/orders/999999')).statusCode).toBe(404);
    expect((await admin.client().get('/orders')).statusCode).toBe(401);
    expect((await admin.client().post(`/orders/${orderId}/status`, { status: 'packed' })).statusCode).toBe(401);
  });
});

describe('order dates', () => {
  it('reads a date alone as that day in India: 01:30 IST on the 20th is the 20th, though it is the 19th in UTC', async () => {
    const { orderId } = await order({ pay: false });
    await shop.database.db
      .update(orders)
      .set({ createdAt: new Date('2026-11-19T20:00:00Z') })
      .where(eq(orders.id, orderId));
    const on = async (day: string) =>
      AdminOrderListAnswer.parse(
        expectStatus(await staff.get('/orders', { from: day, to: day, per_page: 100 }), 200),
      ).data.map((o) => o.id);
    expect(await on('2026-11-20')).toContain(orderId);
    expect(await on('2026-11-19')).not.toContain(orderId);
    const instant = AdminOrderListAnswer.parse(
      expectStatus(
        await staff.get('/orders', { from: '2026-11-19T19:59:00Z', to: '2026-11-19T20:01:00Z', per_page: 100 }),
        200,
      ),
    );
    expect(instant.data.map((o) => o.id)).toContain(orderId);
  });
});

describe('status changes', () => {
  it('moves a paid order to packed, shipped and delivered; the shopper sees each', async () => {
    const { orderId, shopper } = await order();
    const packed = AdminOrderAnswer.parse(expectStatus(await setStatus(staff, orderId, 'packed'), 200)).data;
    expect(packed.status).toBe('packed');
    // Shipping, the shop tells the shopper how to follow the parcel.
    const tracking = 'Sent with DTDC: tracking number D1234567.';
    const shipped = AdminOrderAnswer.parse(
      expectStatus(await staff.post(`/orders/${orderId}/status`, { status: 'shipped', customer_note: tracking }), 200),
    ).data;
    expect(shipped.history.at(-1)).toMatchObject({ status: 'shipped', customer_note: tracking });
    expect(shipped.history.at(-1)?.note).toMatch(/^Marked shipped by /);
    const seen = OrderDetailsAnswer.parse(
      expectStatus(await shopper.post('order_details', { order_id: orderId }), 200),
    );
    expect(seen.data.status).toBe('shipped');
    expect(seen.data.history.map((h) => h.status)).toEqual(['pending_payment', 'paid', 'packed', 'shipped']);
    // The shopper reads sentences for them, never the shop's notes (payment ids, who in the team did it).
    expect(seen.data.history.map((h) => h.note)).toEqual([
      'Order placed.',
      'Payment received. Thank you!',
      'Your order is packed.',
      tracking,
    ]);
    const console = AdminOrderAnswer.parse(expectStatus(await staff.get(`/orders/${orderId}`), 200)).data;
    expect(JSON.stringify(console)).toContain('Marked shipped by');
    expect(JSON.stringify(seen.data.history)).not.toMatch(/@|pay_|webhook|checkout\)/);
    expectStatus(await setStatus(staff, orderId, 'delivered'), 200);
    const audit = await admin.lastAudit(owner, 'orders', orderId);
    expect(audit).toMatchObject({ action: 'status', before: { status: 'shipped' }, after: { status: 'delivered' } });
  });

  it('refuses every move outside product.md §14 with 409 and changes nothing', async () => {
    const paid = await order();
    const unpaid = await order({ pay: false });
    const illegal: [number, string][] = [
      [paid.orderId, 'shipped'],
      [paid.orderId, 'delivered'],
      [paid.orderId, 'pending_payment'],
      [paid.orderId, 'paid'],
      [paid.orderId, 'refunded'],
      [paid.orderId, 'expired'],
      [unpaid.orderId, 'packed'],
      [unpaid.orderId, 'cancelled'],
      [unpaid.orderId, 'paid'],
    ];
    for (const [orderId, status] of illegal) {
      const response = await setStatus(owner, orderId, status);
      expect(response.statusCode, `${status}: ${response.body}`).toBe(409);
      expect(response.json().code).toBe('ILLEGAL_TRANSITION');
    }
    expect((await checkout.orderRow(paid.orderId)).status).toBe('paid');
    expect((await checkout.orderRow(unpaid.orderId)).status).toBe('pending_payment');
    expectStatus(await setStatus(owner, paid.orderId, 'packed'), 200);
    expect((await setStatus(owner, paid.orderId, 'packed')).statusCode).toBe(409);
    expect((await setStatus(owner, paid.orderId, 'cancelled')).statusCode).toBe(409);
    expect((await setStatus(owner, paid.orderId, 'paid')).statusCode).toBe(409);
    expect((await owner.post(`/orders/${paid.orderId}/status`, { status: 'gone' })).statusCode).toBe(400);
  });

  it('cancelling a paid order puts its pieces back on the shelf', async () => {
    const { orderId, item, quantity } = await order({ stock: 5, quantity: 2 });
    expect(await checkout.stockOf(item)).toEqual({ stock: 5 - quantity, reserved: 0 });
    expectStatus(await setStatus(owner, orderId, 'cancelled'), 200);
    expect(await checkout.stockOf(item)).toEqual({ stock: 5, reserved: 0 });
    expect((await setStatus(owner, orderId, 'cancelled')).statusCode).toBe(409);
    expect(await checkout.stockOf(item)).toEqual({ stock: 5, reserved: 0 });
  });
});

describe('refunds', () => {
  it('a full refund twice makes one refund: cancelled, restocked once, refunded, audited', async () => {
    const { orderId, item } = await order({ stock: 6, quantity: 3 });
    const first = AdminOrderAnswer.parse(expectStatus(await staff.post(`/orders/${orderId}/refund`, {}), 200)).data;
    expect(first.status).toBe('refunded');
    expect(first.refunded).toBe(first.total);
    expect(first.payments[0]?.refunds).toHaveLength(1);
    const again = AdminOrderAnswer.parse(expectStatus(await staff.post(`/orders/${orderId}/refund`, {}), 200)).data;
    expect(again.status).toBe('refunded');
    expect(await providerRefundsOf(orderId)).toHaveLength(1);
    const recorded = await shop.database.db.select().from(refunds);
    expect(
      recorded.filter((r) => r.providerRefundId === first.payments[0]?.refunds[0]?.provider_refund_id),
    ).toHaveLength(1);
    expect(await checkout.stockOf(item)).toEqual({ stock: 6, reserved: 0 });
    expect(first.history.map((h) => h.status)).toEqual(['pending_payment', 'paid', 'cancelled', 'refunded']);
    expect((await admin.lastAudit(owner, 'orders', orderId))?.action).toBe('refund');
    expect((await staff.post(`/orders/${orderId}/refund`, { amount: 1 })).statusCode).toBe(409);
  });

  it('two refunds at the same moment make one refund', async () => {
    const { orderId } = await order();
    const [a, b] = await Promise.all([
      owner.post(`/orders/${orderId}/refund`, {}),
      owner.post(`/orders/${orderId}/refund`, {}),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await checkout.webhooksDelivered();
    expect(await providerRefundsOf(orderId)).toHaveLength(1);
    const [payment] = await checkout.paymentsOf(orderId);
    expect(payment?.refundedPaise).toBe(payment?.amountPaise);
    expect((await checkout.orderRow(orderId)).status).toBe('refunded');
  });

  it('a partial refund keeps the order’s status; more than what is left is refused', async () => {
    const { orderId, shopper } = await order();
    expectStatus(await setStatus(owner, orderId, 'packed'), 200);
    const partial = AdminOrderAnswer.parse(
      expectStatus(await owner.post(`/orders/${orderId}/refund`, { amount: 100 }), 200),
    ).data;
    expect(partial).toMatchObject({ status: 'packed', refunded: 100 });
    expect(partial.payments[0]?.status).toBe('partially_refunded');
    const tooMuch = expectStatus(await owner.post(`/orders/${orderId}/refund`, { amount: partial.total }), 400);
    expect(tooMuch.errors.amount).toBeDefined();
    expect(await providerRefundsOf(orderId)).toHaveLength(1);
    const seen = OrderDetailsAnswer.parse(
      expectStatus(await shopper.post('order_details', { order_id: orderId }), 200),
    );
    expect(seen.data.history.at(-1)).toMatchObject({
      status: 'packed',
      note: 'A refund of ₹100 was made to the card you paid with.',
    });
  });

  it('a partial refund sent again with its idempotency key, later or at once, makes no second refund', async () => {
    const { orderId } = await order();
    const body = { amount: 150, idempotency_key: 'console-refund-0001' };
    const first = AdminOrderAnswer.parse(expectStatus(await owner.post(`/orders/${orderId}/refund`, body), 200)).data;
    expect(first).toMatchObject({ status: 'paid', refunded: 150 });
    // The answer was lost and the console tries again with the same key.
    const retried = AdminOrderAnswer.parse(expectStatus(await owner.post(`/orders/${orderId}/refund`, body), 200)).data;
    expect(retried).toMatchObject({ status: 'paid', refunded: 150 });
    const twice = { amount: 50, idempotency_key: 'console-refund-0002' };
    const both = await Promise.all([
      owner.post(`/orders/${orderId}/refund`, twice),
      owner.post(`/orders/${orderId}/refund`, twice),
    ]);
    expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await providerRefundsOf(orderId)).toHaveLength(2);
    expect((await detail(owner, orderId)).refunded).toBe(200);
    // Another refund is another key, and is made.
    const third = { amount: 50, idempotency_key: 'console-refund-0003' };
    expect((await detail(owner, orderId)).history).toHaveLength(first.history.length + 1);
    expectStatus(await owner.post(`/orders/${orderId}/refund`, third), 200);
    expect(await providerRefundsOf(orderId)).toHaveLength(3);
    expect((await detail(owner, orderId)).refunded).toBe(250);
    expect((await owner.post(`/orders/${orderId}/refund`, { amount: 1, idempotency_key: 'short' })).statusCode).toBe(
      400,
    );
  });

  it('an unpaid order has nothing to refund (409)', async () => {
    const { orderId } = await order({ pay: false });
    expect((await owner.post(`/orders/${orderId}/refund`, {})).statusCode).toBe(409);
    expect(await providerRefundsOf(orderId)).toHaveLength(0);
  });
});

describe('a late payment whose automatic refund failed', () => {
  /** An order paid after it expired and its last piece sold, whose automatic refund failed. */
  async function refusedAndNotRefunded() {
    const item = await checkout.stockedItem(1);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    const placed = await checkout.placed(shopper, addressId, item, 1);
    await checkout.expireAfter(31);
    // The last piece sells meanwhile, so the late payment cannot be accepted.
    const other = await checkout.readyGuest(item, 1);
    const second = await checkout.placed(other.shopper, other.addressId, item, 1);
    await checkout.confirm(other.shopper, second.order_id, await checkout.paid(second.razorpay_order_id));
    await checkout.webhooksDelivered();

    // The provider is unreachable when the shop tries to give the late payment back.
    const client = shop.app.payments.client;
    const realRefund = client.refund;
    client.refund = async () => {
      throw new ProviderError({ status: null, code: 'NETWORK_ERROR', description: 'connection reset' });
    };
    try {
      const late = await checkout.paid(placed.razorpay_order_id);
      const answer = await checkout.confirm(shopper, placed.order_id, late);
      // The browser's call or the sandbox's webhook may come first (both run at once on PostgreSQL).
      expect(answer.json().code).toMatch(/^(REFUND_PENDING|NOT_ACCEPTED)$/);
      await checkout.webhooksDelivered();
    } finally {
      client.refund = realRefund;
    }
    const [stuck] = await checkout.paymentsOf(placed.order_id);
    expect(stuck).toMatchObject({ status: 'refund_failed', refundedPaise: 0 });
    expect(stuck?.note).toMatch(/THE REFUND FAILED/);
    return { ...placed, shopper };
  }

  it('shows the owner it is refund_failed, and why it was refused; refunded, it keeps the reason', async () => {
    const placed = await refusedAndNotRefunded();
    const [stuck] = (await detail(owner, placed.order_id)).payments;
    expect(stuck).toMatchObject({ status: 'refund_failed', refunded: 0, refusal_reason: expect.any(String) });
    expect(stuck?.refusal_reason).toMatch(/sold out|expired/i);

    expectStatus(await owner.post(`/orders/${placed.order_id}/refund`, {}), 200);
    const [after] = (await detail(owner, placed.order_id)).payments;
    expect(after).toMatchObject({ status: 'refunded', refusal_reason: stuck?.refusal_reason });
    expect(after?.refunded).toBe(after?.amount);
  });

  it("says in the order's history that the refund failed, not that it is under way; the shopper is not told", async () => {
    const placed = await refusedAndNotRefunded();
    const seen = await detail(owner, placed.order_id);
    const [stuck] = seen.payments;
    const last = seen.history.at(-1);
    expect(last?.note).toMatch(
      /^The automatic refund of payment pay_\w+ of ₹[\d,.]+ failed \(NETWORK_ERROR: connection reset\)/,
    );
    expect(last?.note).toContain(stuck?.provider_payment_id);
    expect(last).toMatchObject({ status: 'expired', customer_note: null });
    // The shopper still reads that the money is coming back (the owner refunds it by hand).
    const mine = OrderDetailsAnswer.parse(
      (await placed.shopper.post('order_details', { order_id: placed.order_id })).json(),
    );
    expect(mine.data.history.at(-1)?.note).toMatch(/It is being refunded in full\.$/);

    expectStatus(await owner.post(`/orders/${placed.order_id}/refund`, {}), 200);
    expect((await detail(owner, placed.order_id)).history.at(-1)?.note).toMatch(/^Refund of ₹[\d,.]+ \(rfnd_\w+\) by /);
  });

  it('can be refunded from the admin side, though its order is expired', async () => {
    const placed = await refusedAndNotRefunded();

    // The owner refunds it from the admin side; the order stays expired.
    const refunded = AdminOrderAnswer.parse(
      expectStatus(await owner.post(`/orders/${placed.order_id}/refund`, {}), 200),
    );
    expect(refunded.data.status).toBe('expired');
    const [after] = await checkout.paymentsOf(placed.order_id);
    expect(after).toMatchObject({ status: 'refunded', refundedPaise: placed.amount });
    expect(await providerRefundsOf(placed.order_id)).toHaveLength(1);
  });
});

describe('a second payment for a paid order, whose automatic refund failed', () => {
  /**
   * A paid order and a second payment for it, authorised in another tab before the first was paid
   * and captured later (from the provider's dashboard, say): the shop refuses it, and its refund fails.
   * With `refundedFirst`, the owner has refunded the order before the second payment is captured.
   */
  async function paidTwice(refundedFirst = false) {
    const item = await checkout.stockedItem(5);
    const { shopper, addressId } = await checkout.readyGuest(item, 1);
    const placed = await checkout.placed(shopper, addressId, item, 1);
    const secrets = {
      keySecret: SANDBOX_KEY_SECRET,
      webhookSecret: SANDBOX_WEBHOOK_SECRET,
      capture: 'manual' as const,
    };
    const cardNumber = '4111111111111111';
    const other = await pay(shop.database.db, secrets, { orderId: placed.razorpay_order_id, cardNumber });
    const handler = await checkout.paid(placed.razorpay_order_id);
    expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
    await checkout.webhooksDelivered();
    if (refundedFirst) expectStatus(await owner.post(`/orders/${placed.order_id}/refund`, {}), 200);

    const client = shop.app.payments.client;
    const realRefund = client.refund;
    client.refund = async () => {
      throw new ProviderError({ status: null, code: 'NETWORK_ERROR', description: 'connection reset' });
    };
    try {
      await client.capturePayment(other.answer.razorpay_payment_id, placed.amount, 'INR');
      await checkout.webhooksDelivered();
    } finally {
      client.refund = realRefund;
    }
    const [first, second] = (await detail(owner, placed.order_id)).payments;
    expect(first?.provider_payment_id).toBe(handler.razorpay_payment_id);
    expect(second).toMatchObject({ status: 'refund_failed', refunded: 0 });
    return { orderId: placed.order_id, accepted: first, refused: second };
  }

  it('is the one refunded from the admin side; the order stays paid and its own payment untouched', async () => {
    const { orderId, accepted, refused } = await paidTwice();
    expect(accepted?.status).toBe('accepted');
    expect(refused?.refusal_reason).toBe('the order had already been paid by another payment');
    const after = AdminOrderAnswer.parse(expectStatus(await owner.post(`/orders/${orderId}/refund`, {}), 200)).data;
    expect(after.status).toBe('paid');
    const byId = new Map(after.payments.map((p) => [p.provider_payment_id, p]));
    expect(byId.get(refused?.provider_payment_id ?? '')).toMatchObject({ status: 'refunded', refunded: after.total });
    expect(byId.get(accepted?.provider_payment_id ?? '')).toMatchObject({ status: 'accepted', refunded: 0 });
    expect(await providerRefundsOf(orderId)).toHaveLength(1);
  });

  it('is found by listing the orders holding a payment whose refund failed', async () => {
    const { orderId } = await paidTwice();
    const plain = await order();
    const listed = async (query: Record<string, string>) =>
      AdminOrderListAnswer.parse(expectStatus(await owner.get('/orders', { per_page: '100', ...query }), 200)).data.map(
        (o) => o.id,
      );
    const stuck = await listed({ payment_status: 'refund_failed' });
    expect(stuck).toContain(orderId);
    expect(stuck).not.toContain(plain.orderId);
    expect(await listed({ payment_status: 'accepted' })).toEqual(expect.arrayContaining([orderId, plain.orderId]));
    expect((await owner.get('/orders', { payment_status: 'lost' })).statusCode).toBe(400);
    expectStatus(await owner.post(`/orders/${orderId}/refund`, {}), 200);
    expect(await listed({ payment_status: 'refund_failed' })).not.toContain(orderId);
  });

  it('refunded in full does not mark a cancelled order refunded while its own payment is not', async () => {
    const { orderId, accepted, refused } = await paidTwice();
    expectStatus(await setStatus(owner, orderId, 'cancelled'), 200);
    expectStatus(await owner.post(`/orders/${orderId}/refund`, {}), 200);
    // Razorpay's refund.processed for the refused payment, refunded in full, reaches the webhook too.
    await checkout.webhooksDelivered();
    const after = await detail(owner, orderId);
    const byId = new Map(after.payments.map((p) => [p.provider_payment_id, p]));
    expect(byId.get(refused?.provider_payment_id ?? '')).toMatchObject({ status: 'refunded', refunded: after.total });
    expect(byId.get(accepted?.provider_payment_id ?? '')).toMatchObject({ status: 'accepted', refunded: 0 });
    expect(after.status).toBe('cancelled');
  });

  it('can still be refunded once its order has been refunded', async () => {
    const { orderId, accepted, refused } = await paidTwice(true);
    expect(accepted?.status).toBe('refunded');
    expect(refused?.refusal_reason).toBe('the order had been cancelled');
    expectStatus(await owner.post(`/orders/${orderId}/refund`, {}), 200);
    const after = await detail(owner, orderId);
    expect(after.status).toBe('refunded');
    expect(after.payments.map((p) => p.status)).toEqual(['refunded', 'refunded']);
    expect(after.payments.map((p) => p.refunded)).toEqual([after.total, after.total]);
    expect(await providerRefundsOf(orderId)).toHaveLength(2);
  });
});

describe('the orders as a CSV file', () => {
  it('has every order the filters match, with the customer, the address and the money, for the books', async () => {
    const paid = await order({ quantity: 1 });
    const unpaid = await order({ quantity: 1, pay: false });
    expect((await admin.client().get('/orders.csv')).statusCode).toBe(401);

    const file = await staff.get('/orders.csv', { status: 'paid' });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(file.headers['content-disposition']).toMatch(
      /^attachment; filename="kapaas-orders-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const [header, ...rows] = parse(file.body) as string[][];
    expect(header).toEqual([
      'order_id',
      'placed_at',
      'paid_at',
      'status',
      'customer',
      'customer_name',
      'email',
      'phone',
      'address',
      'city',
      'state',
      'pin_code',
      'items',
      'items_total',
      'coupon',
      'discount',
      'shipping',
      'total',
      'refunded',
      'payment_method',
      'paid_by',
      'cod_to_collect',
      'invoice_number',
      'razorpay_order_id',
      'prepaid_discount',
      'skus',
    ]);
    const total = (await staff.get('/orders', { status: 'paid', per_page: 100 })).json().total as number;
    expect(rows).toHaveLength(total);
    const ids = rows.map((row) => Number(row[0]));
    expect(ids).toContain(paid.orderId);
    expect(ids).not.toContain(unpaid.orderId);

    const one = await detail(staff, paid.orderId);
    const row = rows.find((cells) => Number(cells[0]) === paid.orderId) ?? [];
    const address = one.shipping_address;
    expect(row.slice(3, 12)).toEqual([
      'paid',
      'guest',
      `${address.first_name} ${address.last_name}`,
      address.email_id,
      address.phone_number,
      address.address,
      address.city,
      address.state,
      address.pin_code,
    ]);
    // items, items_total, coupon, discount, shipping, total, refunded, payment_method, paid_by, cod_to_collect,
    // invoice_number, razorpay_order_id, prepaid_discount, skus (the demo's SKU of the piece bought, ADR 063)
    const texts = [2, 7, 8, 10, 11, 13];
    expect(row.slice(12).map((cell, i) => (texts.includes(i) ? cell : Number(cell)))).toEqual([
      1,
      one.items_total,
      '',
      one.discount,
      one.shipping_charge,
      one.total,
      0,
      'online',
      'card',
      0,
      one.invoice_number ?? '',
      one.razorpay_order_id,
      one.prepaid_discount,
      expect.stringMatching(/^KP-\d+-[\w-]+ × 1$/),
    ]);
  });
});

describe('customers and their orders', () => {
  it('counts each customer’s own orders', async () => {
    const item = await checkout.stockedItem(10);
    const counts: [number, string, number][] = [];
    for (const orders of [2, 1]) {
      const user = await shop.user();
      await checkout.addToCart(user, item, 1);
      const addressId = await checkout.addressOf(user);
      // Different quantities: the same purchase placed twice would pay the one open order.
      for (let i = 0; i < orders; i += 1) await checkout.placed(user, addressId, item, i + 1);
      counts.push([user.userId, user.email, orders]);
    }
    for (const [userId, email, orders] of counts) {
      const answer = expectStatus(await staff.get(`/customers/${userId}`), 200) as { data: { order_count: number } };
      expect(answer.data.order_count).toBe(orders);
      const list = expectStatus(await staff.get('/customers', { q: email }), 200) as {
        data: { id: number; order_count: number }[];
      };
      expect(list.data.find((c) => c.id === userId)?.order_count).toBe(orders);
    }
  });
});
