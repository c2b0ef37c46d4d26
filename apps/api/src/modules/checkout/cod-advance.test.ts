import {
  AdminDashboardAnswer,
  AdminOrderAnswer,
  CodAdvanceAnswer,
  formatPaise,
  MyOrdersAnswer,
  OrderDetailsAnswer,
} from '@kapaas/contract';
import { eq, payments, refunds, sandboxShiprocketShipments } from '@kapaas/db';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures, type DeliveryPlace } from './checkout.fixtures';

/*
 * The COD advance (issue 34, item 3): a cash-on-delivery order the setting picks pays a small advance online at
 * placement, is confirmed only once it is paid, expires like an unpaid online order otherwise, and is collected at the
 * door for the rest; cancelled before shipping, its advance goes back once, through the refund workflow.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;

const ADVANCE = 100;
const COD_RULES = {
  cod_enabled: true,
  cod_min_order: 1,
  cod_max_order: 100_000,
  cod_fee: 49,
  cod_excluded_pins: [] as string[],
  cod_confirm_above: null as number | null,
  cod_max_open_orders: 50,
};

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});
beforeEach(async () => {
  expectStatus(
    await owner.patch('/settings', { ...COD_RULES, cod_advance_amount: ADVANCE, cod_advance_for: 'all' }),
    200,
  );
});

type Item = Awaited<ReturnType<typeof f.stockedItem>>;

let households = 0;
/** A shopper of their own: a phone number and an e-mail no other test's order has, so that a first order is one. */
function household(): DeliveryPlace {
  households += 1;
  return {
    state: 'Kerala',
    pin: '682017',
    phone: `9746${String(households).padStart(6, '0')}`,
    email: `advance${households}@example.in`,
  };
}

/** A guest with the item in the cart, placing it with cash on delivery. */
async function placeCod(item: Item, place: DeliveryPlace = household()) {
  const { shopper, addressId } = await f.readyGuest(item, 1, place);
  const response = await f.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' });
  expect(response.statusCode, response.body).toBe(200);
  return { shopper, addressId, place, answer: response.json() };
}

/** Pays the advance in the sandbox and confirms it with the second call, as the checkout does. */
async function payAdvance(shopper: Awaited<ReturnType<typeof placeCod>>['shopper'], answer: CodAdvanceAnswer) {
  const handler = await f.paid(answer.razorpay_order_id);
  const confirmed = await f.confirm(shopper, answer.order_id, handler);
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return { handler, confirmed: confirmed.json() };
}

const detail = async (orderId: number) =>
  AdminOrderAnswer.parse(expectStatus(await owner.get(`/orders/${orderId}`), 200)).data;
const moveTo = async (orderId: number, status: string) =>
  AdminOrderAnswer.parse(expectStatus(await owner.post(`/orders/${orderId}/status`, { status }), 200)).data;

async function pdfText(bytes: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}

describe('the COD advance', () => {
  it('is asked only as the setting says: none, every order, or a shopper’s first', async () => {
    expectStatus(await owner.patch('/settings', { cod_advance_for: 'none' }), 200);
    const plain = await placeCod(await f.stockedItem(3));
    expect(plain.answer).toMatchObject({ payment_method: 'cod', status: 'cod_confirmed' });
    expect(plain.answer).not.toHaveProperty('razorpay_order_id');

    expectStatus(await owner.patch('/settings', { cod_advance_for: 'all' }), 200);
    const item = await f.stockedItem(3);
    const asked = await placeCod(item);
    const answer = CodAdvanceAnswer.parse(asked.answer);
    expect(answer).toMatchObject({
      payment_method: 'cod',
      status: 'pending_payment',
      amount: ADVANCE * 100,
      cod_advance: ADVANCE,
      amount_due_on_delivery: (answer.total * 100 - ADVANCE * 100) / 100,
    });
    expect(answer.razorpay_order_id).toMatch(/^order_/);
    // Held, not sold, until the advance is paid; the cart keeps its lines.
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 1 });
    expect((await asked.shopper.post('cart_list', {})).json().product).toHaveLength(1);

    // first_order: a shopper who placed an order before (the same phone and e-mail, another guest) pays no advance.
    expectStatus(await owner.patch('/settings', { cod_advance_for: 'first_order' }), 200);
    const newcomer = await placeCod(await f.stockedItem(3));
    expect(newcomer.answer).toMatchObject({ status: 'pending_payment', cod_advance: ADVANCE });
    const again = await placeCod(await f.stockedItem(3), plain.place);
    expect(again.answer).toMatchObject({ status: 'cod_confirmed' });
    expect(again.answer).not.toHaveProperty('cod_advance');
    // cart_list tells the checkout what the advance would be for this shopper.
    const fresh = await f.readyGuest(await f.stockedItem(2), 1, household());
    const cart = (await fresh.shopper.post('cart_list', { address_id: fresh.addressId })).json();
    expect(cart.cod).toMatchObject({ offered: true, advance: ADVANCE });
    const known = await f.readyGuest(await f.stockedItem(2), 1, plain.place);
    expect((await known.shopper.post('cart_list', { address_id: known.addressId })).json().cod.advance).toBe(0);
  });

  it('refuses a bad setting beside the field and changes nothing', async () => {
    const half = expectStatus(await owner.patch('/settings', { cod_advance_amount: 0.5 }), 400);
    expect(half.errors.cod_advance_amount).toEqual(['At least ₹1, as it is paid online; 0 for no advance.']);
    const none = expectStatus(await owner.patch('/settings', { cod_advance_amount: 0, cod_advance_for: 'all' }), 400);
    expect(none.errors.cod_advance_amount).toEqual(['Set the advance to ask, or choose no advance.']);
    const whom = expectStatus(await owner.patch('/settings', { cod_advance_for: 'some' }), 400);
    expect(whom.errors.cod_advance_for).toBeDefined();
    const settings = expectStatus(await owner.get('/settings'), 200).data;
    expect(settings).toMatchObject({ cod_advance_amount: ADVANCE, cod_advance_for: 'all' });
  });

  it('paid: the order is confirmed, sold, and the courier collects the total less the advance', async () => {
    const item = await f.stockedItem(4);
    const { shopper, answer: raw } = await placeCod(item);
    const answer = CodAdvanceAnswer.parse(raw);
    const { confirmed } = await payAdvance(shopper, answer);
    expect(confirmed).toMatchObject({ success: true, order_id: answer.order_id, status: 'cod_confirmed' });
    const row = await f.orderRow(answer.order_id);
    expect(row).toMatchObject({ status: 'cod_confirmed', paymentMethod: 'cod', expiresAt: null, paidAt: null });
    expect(row.codAdvancePaise).toBe(ADVANCE * 100);
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 0 });
    expect((await shopper.post('cart_list', {})).json().product).toEqual([]);
    const totalPaise = row.totalPaise;
    const restPaise = totalPaise - ADVANCE * 100;

    const shown = await detail(answer.order_id);
    expect(shown).toMatchObject({ cod_to_collect: restPaise / 100, cod_advance: ADVANCE });
    expect(shown.payments).toHaveLength(1);
    expect(shown.payments[0]).toMatchObject({ amount: ADVANCE, status: 'accepted' });
    const csv = parse((await owner.get('/orders.csv', { payment_method: 'cod' })).body, { columns: true }) as Record<
      string,
      string
    >[];
    expect(Number(csv.find((line) => Number(line.order_id) === answer.order_id)?.cod_to_collect)).toBe(restPaise / 100);
    // The shopper's own order: what is left to pay at the door.
    const [listed] = (await shopper.post('my_orders', {})).json().data;
    expect(listed).toMatchObject({ order_id: answer.order_id, amount_due_on_delivery: restPaise / 100 });

    // Booked with the courier: the COD amount it collects is the rest.
    await moveTo(answer.order_id, 'packed');
    expectStatus(await owner.post(`/orders/${answer.order_id}/shipment`, {}), 200);
    const [booked] = await db()
      .select()
      .from(sandboxShiprocketShipments)
      .where(eq(sandboxShiprocketShipments.channelOrderId, `KP-${answer.order_id}`));
    expect(booked).toMatchObject({ paymentMethod: 'COD', codPaise: restPaise });

    // The invoice is for the whole order, issued when the parcel ships, as for any COD order.
    // Booking the courier ships it.
    const shipped = await detail(answer.order_id);
    expect(shipped.status).toBe('shipped');
    expect(shipped.invoice_number).toMatch(/^[A-Z0-9/-]+$/);
    const invoice = expectStatus(await owner.get(`/orders/${answer.order_id}/invoice`), 200).data;
    expect(invoice.totals.grand_total).toBe(totalPaise / 100);
    const text = await pdfText((await owner.get(`/orders/${answer.order_id}/invoice.pdf`)).rawPayload);
    expect(text).toContain(formatPaise(totalPaise).replace('₹', ''));

    const delivered = await moveTo(answer.order_id, 'delivered');
    expect(delivered.cod_to_collect).toBe(restPaise / 100);
    const collected = AdminOrderAnswer.parse(
      expectStatus(await owner.post(`/orders/${answer.order_id}/cod-collected`, {}), 200),
    ).data;
    expect(collected.cod_to_collect).toBe(0);
    expect(collected.history.at(-1)?.note).toContain(`Cash of ${formatPaise(restPaise)} collected`);
  });

  it('the shopper’s list and order page say how each order is paid: the advance by UPI and the rest at the door', async () => {
    const { shopper, addressId, answer: raw } = await placeCod(await f.stockedItem(2));
    const answer = CodAdvanceAnswer.parse(raw);
    const upi = await shop.app.inject({
      method: 'POST',
      url: '/sandbox/razorpay/test/pay',
      payload: { order_id: answer.razorpay_order_id, method: 'upi', vpa: 'success@razorpay' },
    });
    expect(upi.statusCode, upi.body).toBe(200);
    expectStatus(await f.confirm(shopper, answer.order_id, upi.json()), 200);
    // The same guest then buys another order online, paid by UPI too.
    const item = await f.stockedItem(2);
    await f.addToCart(shopper, item, 1);
    const online = await f.placed(shopper, addressId, item, 1);
    const paid = await shop.app.inject({
      method: 'POST',
      url: '/sandbox/razorpay/test/pay',
      payload: { order_id: online.razorpay_order_id, method: 'upi', vpa: 'success@razorpay' },
    });
    expectStatus(await f.confirm(shopper, online.order_id, paid.json()), 200);

    const listed = MyOrdersAnswer.parse(expectStatus(await shopper.post('my_orders', {}), 200)).data;
    const rest = answer.total - ADVANCE;
    expect(listed.find((o) => o.order_id === answer.order_id)).toMatchObject({
      payment_method: 'cod',
      paid_by: 'cod',
      cod_advance: { amount: ADVANCE, paid_by: 'upi' },
      amount_due_on_delivery: rest,
    });
    expect(listed.find((o) => o.order_id === online.order_id)).toMatchObject({
      payment_method: 'online',
      paid_by: 'upi',
      cod_advance: null,
    });
    const page = OrderDetailsAnswer.parse(
      expectStatus(await shopper.post('order_details', { order_id: answer.order_id }), 200),
    ).data;
    expect(page).toMatchObject({ paid_by: 'cod', cod_advance: { amount: ADVANCE, paid_by: 'upi' } });
  });

  it('the dashboard sums the cash to collect less the advances', async () => {
    const dashboard = async () => AdminDashboardAnswer.parse(expectStatus(await owner.get('/dashboard'), 200)).data;
    const before = await dashboard();
    const { shopper, answer } = await placeCod(await f.stockedItem(2));
    await payAdvance(shopper, CodAdvanceAnswer.parse(answer));
    const after = await dashboard();
    expect(after.cod_to_collect.count).toBe(before.cod_to_collect.count + 1);
    expect(after.cod_to_collect.amount).toBeCloseTo(before.cod_to_collect.amount + answer.total - ADVANCE, 2);
  });

  it('unpaid, the order expires like an unpaid online order and releases its stock', async () => {
    const item = await f.stockedItem(2);
    const { answer } = await placeCod(item);
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 1 });
    await f.expireAfter(31);
    expect((await f.orderRow(answer.order_id)).status).toBe('expired');
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });
    expect((await detail(answer.order_id)).cod_to_collect).toBe(0);
  });

  it('cancelled before shipping, the advance is refunded once, however often the owner cancels', async () => {
    const item = await f.stockedItem(3);
    const { shopper, answer: raw } = await placeCod(item);
    const answer = CodAdvanceAnswer.parse(raw);
    const { handler } = await payAdvance(shopper, answer);
    expect(await f.stockOf(item)).toEqual({ stock: 2, reserved: 0 });

    const cancel = () => owner.post(`/orders/${answer.order_id}/status`, { status: 'cancelled' });
    const answers = await Promise.all([cancel(), cancel()]);
    for (const response of answers) expect([200, 409], response.body).toContain(response.statusCode);
    expect(answers.some((response) => response.statusCode === 200)).toBe(true);
    expect(expectStatus(await cancel(), 409).code).toBe('ILLEGAL_TRANSITION');

    const [payment] = await db()
      .select()
      .from(payments)
      .where(eq(payments.providerPaymentId, handler.razorpay_payment_id));
    expect(payment).toMatchObject({ status: 'refunded', refundedPaise: ADVANCE * 100 });
    const made = await db()
      .select()
      .from(refunds)
      .where(eq(refunds.paymentId, payment?.id ?? 0));
    expect(made).toHaveLength(1);
    const atProvider = await shop.app.payments.client.fetchPayment(handler.razorpay_payment_id);
    expect(atProvider.amount_refunded).toBe(ADVANCE * 100);

    const after = await detail(answer.order_id);
    expect(after).toMatchObject({ status: 'refunded', cod_to_collect: 0 });
    expect(await f.stockOf(item)).toEqual({ stock: 3, reserved: 0 });
    expect(after.history.map((line) => line.note).join(' ')).toContain(
      `the advance of ${formatPaise(ADVANCE * 100)} refunded`,
    );
    const told = (await shopper.post('order_details', { order_id: answer.order_id })).json().data.history;
    expect(told.at(-1)).toMatchObject({ status: 'refunded', note: 'The order was refunded in full.' });
  });
});
