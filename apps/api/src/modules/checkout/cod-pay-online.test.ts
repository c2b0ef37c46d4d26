import {
  adminUsers,
  and,
  codPrepayments,
  eq,
  orderTaxLines,
  payments,
  refunds,
  sandboxRazorpayWebhooks,
  taxInvoices,
} from '@kapaas/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deliver, type Mailbox, startMailbox } from '../../../test/mailbox';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_KEY_SECRET, SANDBOX_WEBHOOK_SECRET, WEBHOOK_PATH } from '../../dev/razorpay-sandbox/sandbox.constants';
import { linkHooks } from '../../dev/razorpay-sandbox/sandbox.payment-links';
import { pay } from '../../dev/razorpay-sandbox/sandbox.service';
import { type AdminClient, adminFixtures, expectStatus, OWNER } from '../admin/admin.fixtures';
import { changeOrderStatus } from '../admin/orders/admin-orders.service';
import { checkoutFixtures } from './checkout.fixtures';

/*
 * Cash on delivery to prepaid (issue 34): the shopper's own COD order, before it is packed, paid online through the
 * sandbox at its total paid online (no COD fee, less the prepaid discount), confirmed by order_place's second call.
 */

let shop: TestShop;
let owner: AdminClient;
let mailbox: Mailbox;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;

beforeAll(async () => {
  mailbox = await startMailbox();
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop?.close();
  await mailbox?.close();
});
beforeEach(async () => {
  expectStatus(
    await owner.patch('/settings', {
      cod_enabled: true,
      cod_min_order: 1,
      cod_max_order: 100_000,
      cod_fee: 49,
      cod_excluded_pins: [],
      cod_confirm_above: null,
      prepaid_discount_percent: 5,
      prepaid_discount_max: null,
      cod_pay_link_hours: 0,
    }),
    200,
  );
});

/** A guest's cash-on-delivery order of `quantity` pieces of a fresh item. */
async function codOrder(quantity = 2) {
  const item = await f.stockedItem(10);
  const { shopper, addressId } = await f.readyGuest(item, quantity);
  const response = await f.place(shopper, addressId, [{ item, quantity }], { payment_method: 'cod' });
  expect(response.statusCode, response.body).toBe(200);
  const orderId = response.json().order_id as number;
  return { shopper, orderId, item, placed: await f.orderRow(orderId) };
}

describe('POST /api/cod_pay_online', () => {
  it('pays a COD order online at its total less the fee and the prepaid discount; the order becomes paid online and invoiced', async () => {
    const { shopper, orderId, placed } = await codOrder();
    const goods = placed.itemsTotalPaise - placed.discountPaise;
    const discount = Math.floor((goods * 5) / 100);
    const expected = placed.totalPaise - placed.codFeePaise - discount;

    // The order page offers the same figure before anything is opened.
    const details = async () => (await shopper.post('order_details', { order_id: orderId })).json().data;
    expect((await details()).pay_online).toEqual({
      total: expected / 100,
      saving: (placed.totalPaise - expected) / 100,
    });

    const started = await shopper.post('cod_pay_online', { order_id: orderId });
    expect(started.statusCode, started.body).toBe(200);
    const offer = started.json();
    expect(offer).toMatchObject({
      success: true,
      order_id: orderId,
      amount: expected,
      currency: 'INR',
      prepaid_discount: discount / 100,
      cod_fee_saved: 49,
      saving: (placed.totalPaise - expected) / 100,
    });
    // A second press opens no second provider order.
    expect((await shopper.post('cod_pay_online', { order_id: orderId })).json().razorpay_order_id).toBe(
      offer.razorpay_order_id,
    );

    const handler = await f.paid(offer.razorpay_order_id);
    const confirmed = await f.confirm(shopper, orderId, handler);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toMatchObject({ success: true, order_id: orderId, status: 'paid' });

    const row = await f.orderRow(orderId);
    expect(row).toMatchObject({
      status: 'paid',
      paymentMethod: 'online',
      codFeePaise: 0,
      prepaidDiscountPaise: discount,
      totalPaise: expected,
    });
    expect(row.paidAt).not.toBeNull();
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: 'accepted', amountPaise: expected });
    const [invoice] = await db().select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId));
    expect(invoice).toBeDefined();
    const lines = await db().select().from(orderTaxLines).where(eq(orderTaxLines.orderId, orderId));
    expect(lines.reduce((sum, line) => sum + line.paidPaise, 0)).toBe(expected);
    const [offerRow] = await db().select().from(codPrepayments).where(eq(codPrepayments.orderId, orderId));
    expect(offerRow?.paidAt).not.toBeNull();

    // Confirmed again (a reload): the same answer, nothing more.
    expect((await f.confirm(shopper, orderId, handler)).json()).toMatchObject({ status: 'paid' });
    expect((await details()).pay_online).toBeNull();
    // And now nothing is left to pay online.
    const again = await shopper.post('cod_pay_online', { order_id: orderId });
    expect(again.statusCode).toBe(409);
  });

  it('cancelled by the owner once paid online: the payment is refunded in full and the order marked refunded', async () => {
    const { shopper, orderId } = await codOrder(1);
    const offer = (await shopper.post('cod_pay_online', { order_id: orderId })).json();
    expect((await f.confirm(shopper, orderId, await f.paid(offer.razorpay_order_id))).statusCode).toBe(200);
    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'cancelled' }), 200);
    await f.webhooksDelivered();
    expect(await f.orderRow(orderId)).toMatchObject({ status: 'refunded' });
    const [payment] = await db().select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({ status: 'refunded', refundedPaise: offer.amount });
  });

  it("answers 404 for another shopper's order and changes nothing", async () => {
    const { orderId } = await codOrder(1);
    const other = await codOrder(1);
    const answer = await other.shopper.post('cod_pay_online', { order_id: orderId });
    expect(answer.statusCode).toBe(404);
    expect(await db().select().from(codPrepayments).where(eq(codPrepayments.orderId, orderId))).toEqual([]);
  });

  it('refuses an order already shipped: it is paid in cash at the door (packed, see cod-pay-packed.test.ts)', async () => {
    const { shopper, orderId } = await codOrder(1);
    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'packed' }), 200);
    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'shipped' }), 200);
    const shipped = await shopper.post('cod_pay_online', { order_id: orderId });
    expect(shipped.statusCode).toBe(409);
    expect(shipped.json().code).toBe('TOO_LATE_TO_PREPAY');
    expect((await shopper.post('order_details', { order_id: orderId })).json().data.pay_online).toBeNull();
    expect(await f.orderRow(orderId)).toMatchObject({ paymentMethod: 'cod', codFeePaise: 4_900 });
  });

  it('refuses an order paid online from the start', async () => {
    const item = await f.stockedItem(5);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const placed = await f.placed(shopper, addressId, item, 1);
    const answer = await shopper.post('cod_pay_online', { order_id: placed.order_id });
    expect(answer.statusCode).toBe(409);
    expect(answer.json().code).toBe('NOT_COD');
  });
});

/** The payment link a COD order's confirmation carries, and the sandbox order its hosted page pays. */
async function linkOf(orderId: number) {
  const [offer] = await db()
    .select()
    .from(codPrepayments)
    .where(and(eq(codPrepayments.orderId, orderId), eq(codPrepayments.kind, 'link')));
  if (!offer?.shortUrl) throw new Error(`order ${orderId} has no payment link`);
  const page = await shop.app.inject({ method: 'GET', url: new URL(offer.shortUrl).pathname });
  const providerOrder = /data-order="(order_[A-Za-z0-9]+)"/.exec(page.body)?.[1];
  if (!providerOrder) throw new Error(`the link's page shows no order: ${page.body}`);
  return { offer, providerOrder };
}

/** Pays a link's order in the sandbox without sending its webhooks: the test delivers them, in the order it likes. */
async function payLinkQuietly(providerOrder: string) {
  const secrets = { keySecret: SANDBOX_KEY_SECRET, webhookSecret: SANDBOX_WEBHOOK_SECRET };
  const paid = await pay(
    db(),
    { ...secrets, links: linkHooks(SANDBOX_WEBHOOK_SECRET) },
    {
      orderId: providerOrder,
      cardNumber: '4111 1111 1111 1111',
    },
  );
  const rows = await db()
    .select()
    .from(sandboxRazorpayWebhooks)
    .where(eq(sandboxRazorpayWebhooks.orderId, providerOrder));
  return { paymentId: paid.answer.razorpay_payment_id, webhooks: rows };
}

/** Delivers a stored sandbox webhook (its exact body and signature) under a fresh event id, as a retry or a replay. */
async function redeliver(webhook: { body: string; signature: string }) {
  const answer = await shop.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    payload: webhook.body,
    headers: {
      'content-type': 'application/json',
      'x-razorpay-signature': webhook.signature,
      'x-razorpay-event-id': `evt_${Math.random().toString(36).slice(2)}`,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
}

const paymentsOf = (orderId: number) => db().select().from(payments).where(eq(payments.orderId, orderId));

describe("the COD confirmation's payment link", () => {
  beforeEach(async () => {
    expectStatus(await owner.patch('/settings', { cod_pay_link_hours: 48 }), 200);
  });

  it('is in the confirmation, expires after cod_pay_link_hours, and pays the order online by its webhook', async () => {
    const { orderId, placed } = await codOrder();
    const { offer, providerOrder } = await linkOf(orderId);
    const hours = (offer.expiresAt as Date).getTime() - Date.now();
    expect(hours).toBeGreaterThan(47 * 3_600_000);
    expect(hours).toBeLessThanOrEqual(48 * 3_600_000);
    expect(offer.amountPaise).toBe(placed.totalPaise - placed.codFeePaise - offer.prepaidDiscountPaise);
    expect(offer.prepaidDiscountPaise).toBeGreaterThan(0);

    await deliver(shop.app, mailbox);
    const confirmation = mailbox.to('asha@example.in').find((m) => m.mail.subject?.includes(`#${orderId}`));
    expect(confirmation?.mail.html).toContain(offer.shortUrl as string);
    expect(confirmation?.mail.text).toContain('Pay now online instead and save');

    const paid = await shop.app.inject({
      method: 'POST',
      url: '/sandbox/razorpay/test/pay',
      payload: { order_id: providerOrder, method: 'upi', vpa: 'success@razorpay' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await f.webhooksDelivered();
    expect(await f.orderRow(orderId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'online',
      codFeePaise: 0,
      totalPaise: offer.amountPaise,
    });
    expect(await paymentsOf(orderId)).toMatchObject([
      { status: 'accepted', method: 'upi', amountPaise: offer.amountPaise },
    ]);
  });

  it('settles once whatever the order of its webhooks, and a repeat changes nothing', async () => {
    const { orderId } = await codOrder(1);
    const { offer, providerOrder } = await linkOf(orderId);
    const { paymentId, webhooks } = await payLinkQuietly(providerOrder);
    expect(webhooks.map((w) => w.event).sort()).toEqual(['order.paid', 'payment.captured', 'payment_link.paid']);
    // payment_link.paid first, then the others, then it again.
    const order = ['payment_link.paid', 'order.paid', 'payment.captured', 'payment_link.paid'];
    const outcomes = [];
    for (const event of order) {
      await redeliver(webhooks.find((w) => w.event === event) as (typeof webhooks)[number]);
      outcomes.push(event);
    }
    expect(outcomes).toHaveLength(4);
    expect(await f.orderRow(orderId)).toMatchObject({
      status: 'paid',
      paymentMethod: 'online',
      totalPaise: offer.amountPaise,
    });
    expect(await paymentsOf(orderId)).toMatchObject([{ providerPaymentId: paymentId, status: 'accepted' }]);
    expect(await db().select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId))).toHaveLength(1);
  });

  it('paid after the owner cancelled the order: the payment is refunded in full and the order stays cancelled', async () => {
    const { orderId } = await codOrder(1);
    const { offer, providerOrder } = await linkOf(orderId);
    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'cancelled' }), 200);
    const paid = await shop.app.inject({
      method: 'POST',
      url: '/sandbox/razorpay/test/pay',
      payload: { order_id: providerOrder, card_number: '4111 1111 1111 1111' },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    await f.webhooksDelivered();
    expect(await f.orderRow(orderId)).toMatchObject({ status: 'cancelled', paymentMethod: 'cod' });
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({ status: 'refunded', refundedPaise: offer.amountPaise });
    expect(payment?.refusalReason).toBe('the order had been cancelled');
    const made = await db()
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id as number));
    expect(made).toHaveLength(1);
  });

  it("paid just after the owner's cancel looked for money held, before it moved the order: it is refunded, not kept", async () => {
    const { orderId } = await codOrder(1);
    const { offer, providerOrder } = await linkOf(orderId);
    const [admin] = await db().select().from(adminUsers).where(eq(adminUsers.email, OWNER.email));
    // The cancel's transactions: its two looks for money held (an advance, a payment online instead), then the move.
    // The shopper's payment settles right after the second look, before the move takes the order's lock.
    let transactions = 0;
    const real = db();
    const racing = new Proxy(real, {
      get(target, prop) {
        if (prop !== 'transaction') return Reflect.get(target, prop, target);
        return async (...args: Parameters<typeof real.transaction>) => {
          const answer = await target.transaction(...args);
          transactions += 1;
          if (transactions === 2) {
            await payLinkQuietly(providerOrder);
            for (const webhook of await db().select().from(sandboxRazorpayWebhooks)) {
              if (webhook.orderId === providerOrder && webhook.event === 'payment_link.paid') await redeliver(webhook);
            }
          }
          return answer;
        };
      },
    });
    const { app } = shop;
    const deps = { db: racing, payments: app.payments, catalogue: app.catalogue, log: app.log };
    await changeOrderStatus(deps, { id: admin?.id as number, email: OWNER.email }, orderId, 'cancelled');
    await f.webhooksDelivered();

    expect(await f.orderRow(orderId)).toMatchObject({ status: 'refunded' });
    const [payment] = await paymentsOf(orderId);
    expect(payment).toMatchObject({ status: 'refunded', refundedPaise: offer.amountPaise });
  });

  it('paid twice, by the link and by cod_pay_online: the second payment is refunded, the order paid once', async () => {
    const { shopper, orderId } = await codOrder(1);
    const { offer, providerOrder } = await linkOf(orderId);
    const started = (await shopper.post('cod_pay_online', { order_id: orderId })).json();
    const handler = await f.paid(started.razorpay_order_id);
    expect((await f.confirm(shopper, orderId, handler)).json()).toMatchObject({ status: 'paid' });
    const second = await shop.app.inject({
      method: 'POST',
      url: '/sandbox/razorpay/test/pay',
      payload: { order_id: providerOrder, card_number: '4111 1111 1111 1111' },
    });
    expect(second.statusCode, second.body).toBe(200);
    await f.webhooksDelivered();
    const rows = await paymentsOf(orderId);
    expect(rows.map((r) => r.status).sort()).toEqual(['accepted', 'refunded']);
    const refunded = rows.find((r) => r.status === 'refunded');
    expect(refunded).toMatchObject({ amountPaise: offer.amountPaise, refundedPaise: offer.amountPaise });
    expect(refunded?.refusalReason).toBe('the order had already been paid by another payment');
    expect(await f.orderRow(orderId)).toMatchObject({ status: 'paid', paymentMethod: 'online' });
  });

  it('is not made when cod_pay_link_hours is 0', async () => {
    expectStatus(await owner.patch('/settings', { cod_pay_link_hours: 0 }), 200);
    const { orderId } = await codOrder(1);
    expect(await db().select().from(codPrepayments).where(eq(codPrepayments.orderId, orderId))).toEqual([]);
  });
});
