import { codPrepayments, eq, orderTaxLines, payments, taxInvoices } from '@kapaas/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from './checkout.fixtures';

/*
 * Cash on delivery to prepaid (issue 34): the shopper's own COD order, before it is packed, paid online through the
 * sandbox at its total paid online (no COD fee, less the prepaid discount), confirmed by order_place's second call.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
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
    // And now nothing is left to pay online.
    const again = await shopper.post('cod_pay_online', { order_id: orderId });
    expect(again.statusCode).toBe(409);
  });

  it("answers 404 for another shopper's order and changes nothing", async () => {
    const { orderId } = await codOrder(1);
    const other = await codOrder(1);
    const answer = await other.shopper.post('cod_pay_online', { order_id: orderId });
    expect(answer.statusCode).toBe(404);
    expect(await db().select().from(codPrepayments).where(eq(codPrepayments.orderId, orderId))).toEqual([]);
  });

  it('refuses an order already packed or shipped: it is paid in cash at the door', async () => {
    const { shopper, orderId } = await codOrder(1);
    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'packed' }), 200);
    const packed = await shopper.post('cod_pay_online', { order_id: orderId });
    expect(packed.statusCode).toBe(409);
    expect(packed.json().code).toBe('TOO_LATE_TO_PREPAY');
    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'shipped' }), 200);
    expect((await shopper.post('cod_pay_online', { order_id: orderId })).statusCode).toBe(409);
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
