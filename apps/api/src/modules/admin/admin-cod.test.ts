import { AdminDashboardAnswer, AdminOrderAnswer, AdminOrderListAnswer, OrderInvoiceAnswer } from '@kapaas/contract';
import { cities, eq, orderEvents, shopSettings, states } from '@kapaas/db';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { checkoutFixtures } from '../checkout/checkout.fixtures';
import { type AdminClient, adminFixtures, expectStatus } from './admin.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
let owner: AdminClient;
let staff: AdminClient & { email: string };
const db = () => shop.database.db;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);
  // The settings API still refuses to switch cash on delivery on (ADR 033: not every part of it is built), so the test
  // shop's database is told directly that the shop offers it.
  await db().update(shopSettings).set({ codEnabled: true }).where(eq(shopSettings.id, 1));
});
afterAll(async () => {
  await shop.close();
});

type Item = Awaited<ReturnType<typeof checkout.stockedItem>>;

let phones = 0;
/**
 * Saves a Kerala address (a real PIN code, 682017) under a phone number no other order uses: a parcel returned to
 * origin keeps its phone number to online payment for 90 days, which must not reach the other tests.
 */
async function addressOf(shopper: Shopper): Promise<number> {
  const [state] = await db().select().from(states).where(eq(states.name, 'Kerala'));
  if (!state) throw new Error('the demo shop has no Kerala');
  const [city] = await db().select().from(cities).where(eq(cities.stateId, state.id)).limit(1);
  if (!city) throw new Error('Kerala has no city');
  phones += 1;
  const response = await shopper.post('add_address', {
    first_name: 'Lakshmi',
    last_name: 'Nair',
    address: '22 Market Road, Ernakulam',
    state: state.id,
    city: city.id,
    pin_code: '682017',
    email_id: 'lakshmi@example.in',
    phone_number: `98950${String(phones).padStart(5, '0')}`,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().address_id as number;
}

/**
 * A guest's cash-on-delivery order of an item of its own with `stock` on the shelf, enough pieces to reach the shop's
 * minimum for cash on delivery (₹299). `confirmFirst` places it as cod_pending_confirmation.
 */
async function codOrder(options: { confirmFirst?: boolean; stock?: number } = {}) {
  await db()
    .update(shopSettings)
    .set({ codConfirmAbovePaise: options.confirmFirst ? 0 : null })
    .where(eq(shopSettings.id, 1));
  const item = await checkout.stockedItem(options.stock ?? 10);
  const quantity = Math.ceil(29_900 / item.unitPaise);
  const shopper = await shop.guest();
  await checkout.addToCart(shopper, item, quantity);
  const addressId = await addressOf(shopper);
  const placed = expectStatus(
    await checkout.place(shopper, addressId, [{ item, quantity }], { payment_method: 'cod' }),
    200,
  );
  expect(placed.status).toBe(options.confirmFirst ? 'cod_pending_confirmation' : 'cod_confirmed');
  return { item, quantity, shopper, orderId: placed.order_id as number, total: placed.total as number };
}

/** A guest's order paid online. */
async function onlineOrder() {
  const item = await checkout.stockedItem(5);
  const { shopper, addressId } = await checkout.readyGuest(item, 1);
  const placed = await checkout.placed(shopper, addressId, item, 1);
  const handler = await checkout.paid(placed.razorpay_order_id);
  expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
  await checkout.webhooksDelivered();
  return { item, orderId: placed.order_id };
}

const detail = async (orderId: number) =>
  AdminOrderAnswer.parse(expectStatus(await staff.get(`/orders/${orderId}`), 200)).data;

const moveTo = async (orderId: number, status: string) =>
  AdminOrderAnswer.parse(expectStatus(await staff.post(`/orders/${orderId}/status`, { status }), 200)).data;

const invoiceOf = async (orderId: number) =>
  OrderInvoiceAnswer.parse(expectStatus(await staff.get(`/orders/${orderId}/invoice`), 200)).data;

const dashboard = async () => AdminDashboardAnswer.parse(expectStatus(await staff.get('/dashboard'), 200)).data;

const available = async (item: Item) => {
  const { stock, reserved } = await checkout.stockOf(item);
  return stock - reserved;
};

describe('a cash-on-delivery order in the console', () => {
  it('is confirmed, packed, shipped (invoiced then), delivered, and paid when the owner records the cash', async () => {
    const { orderId, total, shopper } = await codOrder({ confirmFirst: true });
    const placed = await detail(orderId);
    expect(placed).toMatchObject({
      payment_method: 'cod',
      status: 'cod_pending_confirmation',
      cod_to_collect: total,
      paid_at: null,
      invoice_number: null,
      next_statuses: ['cod_confirmed', 'cancelled'],
    });
    expect(placed.cod_fee).toBeGreaterThan(0);
    // Packing before the owner confirms is not a move of the table.
    expect(expectStatus(await staff.post(`/orders/${orderId}/status`, { status: 'packed' }), 409).code).toBe(
      'ILLEGAL_TRANSITION',
    );

    expect((await moveTo(orderId, 'cod_confirmed')).next_statuses).toEqual(['packed', 'cancelled']);
    const packed = await moveTo(orderId, 'packed');
    expect(packed.invoice_number).toBeNull();
    const shipped = await moveTo(orderId, 'shipped');
    expect(shipped.invoice_number).toMatch(/^[A-Z0-9/-]+$/);
    expect(shipped.next_statuses).toEqual(['delivered', 'returned_to_origin']);
    expect((await invoiceOf(orderId)).totals.grand_total).toBe(total);
    const delivered = await moveTo(orderId, 'delivered');
    expect(delivered).toMatchObject({ status: 'delivered', paid_at: null, cod_to_collect: total, next_statuses: [] });

    const collected = AdminOrderAnswer.parse(
      expectStatus(await staff.post(`/orders/${orderId}/cod-collected`, { note: 'Via Delhivery remittance.' }), 200),
    ).data;
    expect(collected).toMatchObject({ status: 'delivered', cod_to_collect: 0, invoice_number: shipped.invoice_number });
    expect(collected.paid_at).not.toBeNull();
    const last = collected.history.at(-1);
    expect(last).toMatchObject({ status: 'delivered', customer_note: 'Paid in cash on delivery.' });
    expect(last?.note).toMatch(new RegExp(`^Cash of ₹[0-9,.]+ collected by ${staff.email}\\. Via Delhivery`));
    const audit = await admin.lastAudit(owner, 'orders', orderId);
    expect(audit).toMatchObject({ action: 'cod_collected', admin_email: staff.email });

    // The shopper reads that it was paid.
    const mine = expectStatus(await shopper.post('order_details', { order_id: orderId }), 200);
    expect(JSON.stringify(mine)).toContain('Paid in cash on delivery.');

    const again = expectStatus(await staff.post(`/orders/${orderId}/cod-collected`, {}), 409);
    expect(again).toMatchObject({ code: 'NOT_COD_DELIVERED', message: 'The cash for this order is already recorded.' });
    expect(expectStatus(await staff.post(`/orders/${orderId}/cod-collected`, { amount: 5 }), 400)).toBeDefined();
  });

  it('refuses to record cash for an order paid online or a cash-on-delivery order not yet delivered', async () => {
    const online = await onlineOrder();
    for (const status of ['packed', 'shipped', 'delivered']) await moveTo(online.orderId, status);
    const refusal = expectStatus(await staff.post(`/orders/${online.orderId}/cod-collected`, {}), 409);
    expect(refusal.code).toBe('NOT_COD_DELIVERED');

    const { orderId } = await codOrder();
    await moveTo(orderId, 'packed');
    await moveTo(orderId, 'shipped');
    expect(expectStatus(await staff.post(`/orders/${orderId}/cod-collected`, {}), 409).code).toBe('NOT_COD_DELIVERED');
    expect((await detail(orderId)).paid_at).toBeNull();
    expect((await staff.post('/orders/999999/cod-collected', {})).statusCode).toBe(404);
  });

  it('cancelling a confirmed order puts its pieces, sold when it was placed, back on sale; nothing is refunded', async () => {
    const { orderId, item } = await codOrder({ stock: 10 });
    const sold = await checkout.stockOf(item);
    expect(sold.reserved).toBe(0);
    expect(sold.stock).toBeLessThan(10);
    const cancelled = await moveTo(orderId, 'cancelled');
    expect(cancelled).toMatchObject({ status: 'cancelled', cod_to_collect: 0, payments: [], invoice_number: null });
    expect(await checkout.stockOf(item)).toEqual({ stock: 10, reserved: 0 });
    // A cancelled order moves no further by hand, and cancelling it again restocks nothing.
    expect(expectStatus(await staff.post(`/orders/${orderId}/status`, { status: 'cancelled' }), 409).code).toBe(
      'ILLEGAL_TRANSITION',
    );
    expect(await checkout.stockOf(item)).toEqual({ stock: 10, reserved: 0 });
  });

  it('a parcel returned to origin is credited in full, and its pieces go back on sale once, when received', async () => {
    const { orderId, item, total } = await codOrder({ stock: 10 });
    const left = await available(item);
    await moveTo(orderId, 'packed');
    // Only a shipped parcel can come back, and only a returned one be received.
    expect(
      expectStatus(await staff.post(`/orders/${orderId}/status`, { status: 'returned_to_origin' }), 409).code,
    ).toBe('ILLEGAL_TRANSITION');
    expect(expectStatus(await staff.post(`/orders/${orderId}/return-received`, {}), 409).code).toBe('NOT_RETURNED');
    await moveTo(orderId, 'shipped');
    const returned = await moveTo(orderId, 'returned_to_origin');
    expect(returned).toMatchObject({ status: 'returned_to_origin', cod_to_collect: 0, return_received_at: null });
    const invoice = await invoiceOf(orderId);
    expect(invoice.credit_notes).toHaveLength(1);
    expect(invoice.credit_notes[0]?.totals.grand_total).toBe(total);
    expect(invoice.credit_notes[0]?.reason).toBe('Parcel returned to origin.');
    // The pieces are with the courier until the parcel is back.
    expect(await available(item)).toBe(left);

    const received = AdminOrderAnswer.parse(
      expectStatus(await staff.post(`/orders/${orderId}/return-received`, {}), 200),
    ).data;
    expect(received.return_received_at).not.toBeNull();
    expect(await checkout.stockOf(item)).toEqual({ stock: 10, reserved: 0 });
    expect(received.history.at(-1)?.note).toBe(`Parcel received back by ${staff.email}; its pieces are back on sale.`);
    expect(await admin.lastAudit(owner, 'orders', orderId)).toMatchObject({ action: 'return_received' });

    const again = expectStatus(await staff.post(`/orders/${orderId}/return-received`, {}), 409);
    expect(again).toMatchObject({ code: 'NOT_RETURNED', message: 'The return of this parcel is already recorded.' });
    expect(await checkout.stockOf(item)).toEqual({ stock: 10, reserved: 0 });
    expect((await invoiceOf(orderId)).credit_notes).toHaveLength(1);
  });
});

describe('a prepaid parcel returned to origin', () => {
  it('keeps its invoice until the owner refunds it, and is back in stock when received', async () => {
    const { orderId, item } = await onlineOrder();
    for (const status of ['packed', 'shipped']) await moveTo(orderId, status);
    const returned = await moveTo(orderId, 'returned_to_origin');
    expect(returned.invoice_number).not.toBeNull();
    expect((await invoiceOf(orderId)).credit_notes).toEqual([]);
    // The money is the shopper's: the refund action gives it back and credits the invoice.
    const refunded = AdminOrderAnswer.parse(expectStatus(await owner.post(`/orders/${orderId}/refund`, {}), 200)).data;
    expect(refunded).toMatchObject({ status: 'returned_to_origin', refunded: refunded.total });
    expect((await invoiceOf(orderId)).credit_notes).toHaveLength(1);
    expectStatus(await staff.post(`/orders/${orderId}/return-received`, {}), 200);
    expect(await checkout.stockOf(item)).toEqual({ stock: 5, reserved: 0 });
  });
});

describe('the cash to collect', () => {
  it('the dashboard counts and sums the unpaid cash-on-delivery orders, as the list does', async () => {
    const before = await dashboard();
    const { orderId, total } = await codOrder();
    const placed = await dashboard();
    expect(placed.cod_to_collect.count).toBe(before.cod_to_collect.count + 1);
    expect(placed.cod_to_collect.amount).toBeCloseTo(before.cod_to_collect.amount + total, 2);
    // An online order and a cancelled COD order add nothing.
    await onlineOrder();
    const cancelled = await codOrder();
    await moveTo(cancelled.orderId, 'cancelled');
    expect((await dashboard()).cod_to_collect).toEqual(placed.cod_to_collect);

    const cod = AdminOrderListAnswer.parse(
      expectStatus(await staff.get('/orders', { payment_method: 'cod', per_page: 100 }), 200),
    );
    expect(cod.data.every((o) => o.payment_method === 'cod')).toBe(true);
    const due = cod.data.filter((o) => o.cod_to_collect > 0);
    expect(due.length).toBe(placed.cod_to_collect.count);
    expect(due.reduce((sum, o) => sum + o.cod_to_collect, 0)).toBeCloseTo(placed.cod_to_collect.amount, 2);
    const online = AdminOrderListAnswer.parse(
      expectStatus(await staff.get('/orders', { payment_method: 'online', per_page: 100 }), 200),
    );
    expect(online.total).toBeGreaterThan(0);
    expect(online.data.every((o) => o.payment_method === 'online' && o.cod_to_collect === 0)).toBe(true);
    expect((await staff.get('/orders', { payment_method: 'cash' })).statusCode).toBe(400);

    for (const status of ['packed', 'shipped', 'delivered']) await moveTo(orderId, status);
    expect((await dashboard()).cod_to_collect).toEqual(placed.cod_to_collect);
    expectStatus(await staff.post(`/orders/${orderId}/cod-collected`, {}), 200);
    const after = await dashboard();
    expect(after.cod_to_collect.count).toBe(before.cod_to_collect.count);
    expect(after.cod_to_collect.amount).toBeCloseTo(before.cod_to_collect.amount, 2);
  });

  it('the orders CSV says how each order is paid, the cash to collect and the invoice', async () => {
    const due = await codOrder();
    const shipped = await codOrder();
    await moveTo(shipped.orderId, 'packed');
    const invoiceNumber = (await moveTo(shipped.orderId, 'shipped')).invoice_number;
    const online = await onlineOrder();
    const response = await staff.get('/orders.csv');
    expect(response.statusCode, response.body).toBe(200);
    const rows = parse(response.body, { columns: true, bom: true }) as Record<string, string>[];
    const row = (id: number) => rows.find((r) => r.order_id === String(id));
    expect(row(due.orderId)).toMatchObject({
      payment_method: 'cod',
      cod_to_collect: String(due.total),
      invoice_number: '',
    });
    expect(row(shipped.orderId)).toMatchObject({ payment_method: 'cod', invoice_number: invoiceNumber });
    expect(row(online.orderId)).toMatchObject({ payment_method: 'online', cod_to_collect: '0' });
    expect(row(online.orderId)?.invoice_number).not.toBe('');
    const codOnly = parse((await staff.get('/orders.csv', { payment_method: 'cod' })).body, {
      columns: true,
      bom: true,
    }) as Record<string, string>[];
    expect(codOnly.length).toBeGreaterThan(0);
    expect(codOnly.every((r) => r.payment_method === 'cod')).toBe(true);
  });

  it('records the cash in the history only once, even when two calls race', async () => {
    const { orderId } = await codOrder();
    for (const status of ['packed', 'shipped', 'delivered']) await moveTo(orderId, status);
    const answers = await Promise.all([
      staff.post(`/orders/${orderId}/cod-collected`, {}),
      owner.post(`/orders/${orderId}/cod-collected`, {}),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const events = await db().select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(events.filter((e) => e.customerNote === 'Paid in cash on delivery.')).toHaveLength(1);
  });
});
