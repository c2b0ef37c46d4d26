import { AdminDashboardAnswer, AdminOrderAnswer, AdminOrderListAnswer, OrderDetailsAnswer } from '@kapaas/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { SANDBOX_KEY_ID, SANDBOX_PREFIX } from '../../dev/razorpay-sandbox/sandbox.constants';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from './checkout.fixtures';

/*
 * The method of each payment (issue 34, item 2): the shop records how the shopper paid from the payment entity it
 * fetches from Razorpay (here the sandbox), and shows it in the admin order JSON, the order list's filter, the CSV, the
 * dashboard and the shopper's order page. A cash-on-delivery order shows as cash on delivery.
 */

let shop: TestShop;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
let owner: AdminClient;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
});
afterAll(async () => {
  await shop.close();
});

/** A guest's order paid in the sandbox by `how` (the test route's fields), confirmed as the storefront does. */
async function paidBy(how: Record<string, unknown>, confirm = true) {
  const item = await f.stockedItem(5);
  const { shopper, addressId } = await f.readyGuest(item, 1);
  const placed = await f.placed(shopper, addressId, item, 1);
  const response = await shop.app.inject({
    method: 'POST',
    url: `${SANDBOX_PREFIX}/test/pay`,
    payload: { order_id: placed.razorpay_order_id, ...how },
  });
  expect(response.statusCode, response.body).toBe(200);
  if (confirm) expect((await f.confirm(shopper, placed.order_id, response.json())).statusCode).toBe(200);
  await f.webhooksDelivered();
  return { shopper, orderId: placed.order_id };
}

const detail = async (orderId: number) =>
  AdminOrderAnswer.parse(expectStatus(await owner.get(`/orders/${orderId}`), 200)).data;

describe('the method of each payment', () => {
  it('an order paid by UPI records upi and the UPI id, in the admin JSON, the list filter, the CSV and order_details', async () => {
    const { shopper, orderId } = await paidBy({ method: 'upi', vpa: 'success@razorpay' });
    const [row] = await f.paymentsOf(orderId);
    expect(row).toMatchObject({ method: 'upi', vpa: 'success@razorpay', bank: null, cardLast4: null });

    const order = await detail(orderId);
    expect(order.paid_by).toBe('upi');
    expect(order.payments).toEqual([
      expect.objectContaining({ method: 'upi', vpa: 'success@razorpay', bank: null, wallet: null, card: null }),
    ]);

    const upi = AdminOrderListAnswer.parse(
      expectStatus(await owner.get('/orders', { paid_by: 'upi', per_page: 100 }), 200),
    );
    expect(upi.data.map((o) => o.id)).toContain(orderId);
    expect(upi.data.every((o) => o.paid_by === 'upi')).toBe(true);
    const cards = AdminOrderListAnswer.parse(
      expectStatus(await owner.get('/orders', { paid_by: 'card', per_page: 100 }), 200),
    );
    expect(cards.data.map((o) => o.id)).not.toContain(orderId);
    expect((await owner.get('/orders', { paid_by: 'cheque' })).statusCode).toBe(400);

    const file = await owner.get('/orders.csv', { paid_by: 'upi' });
    expect(file.statusCode).toBe(200);
    const [header, ...rows] = parse(file.body) as string[][];
    const column = (name: string) => (header ?? []).indexOf(name);
    const line = rows.find((r) => r[column('order_id')] === String(orderId));
    expect(line?.[column('paid_by')]).toBe('upi');
    expect(line?.[column('payment_method')]).toBe('online');

    const mine = OrderDetailsAnswer.parse(
      expectStatus(await shopper.post('order_details', { order_id: orderId }), 200),
    ).data;
    expect(mine.paid_by).toBe('upi');
  });

  it('records a netbanking bank, a wallet, and a card’s network and last four digits', async () => {
    const bank = await paidBy({ method: 'netbanking', bank: 'HDFC' });
    expect((await detail(bank.orderId)).payments[0]).toMatchObject({ method: 'netbanking', bank: 'HDFC' });
    const wallet = await paidBy({ method: 'wallet', wallet: 'phonepe' });
    expect((await detail(wallet.orderId)).payments[0]).toMatchObject({ method: 'wallet', wallet: 'phonepe' });
    const card = await paidBy({ card_number: '4111 1111 1111 1111' });
    const order = await detail(card.orderId);
    expect(order.paid_by).toBe('card');
    expect(order.payments[0]).toMatchObject({ method: 'card', card: { network: 'Visa', last4: '1111' }, vpa: null });
  });

  it('a UPI QR payment the shop hears of by webhook alone is recorded as upi', async () => {
    const item = await f.stockedItem(5);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const placed = await f.placed(shopper, addressId, item, 1);
    const started = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/checkout/upi`,
      payload: { key: SANDBOX_KEY_ID, order_id: placed.razorpay_order_id, flow: 'qr' },
    });
    expect(started.statusCode).toBe(200);
    const approved = await shop.app.inject({
      method: 'POST',
      url: `${SANDBOX_PREFIX}/upi-app/${started.json().payment_id}`,
      payload: 'answer=approve',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(approved.statusCode).toBe(200);
    await f.webhooksDelivered();
    const order = await detail(placed.order_id);
    expect(order.status).toBe('paid');
    expect(order.paid_by).toBe('upi');
    expect(order.payments[0]).toMatchObject({ method: 'upi', vpa: 'success@razorpay' });
  });

  it('a cash-on-delivery order shows as cash on delivery; the dashboard counts orders by how they were paid', async () => {
    expectStatus(
      await owner.patch('/settings', { cod_enabled: true, cod_min_order: 1, cod_max_order: 100_000, cod_fee: 0 }),
      200,
    );
    const item = await f.stockedItem(5);
    const { shopper, addressId } = await f.readyGuest(item, 1);
    const placed = await f.place(shopper, addressId, [{ item, quantity: 1 }], { payment_method: 'cod' });
    expect(placed.statusCode, placed.body).toBe(200);
    const orderId = placed.json().order_id as number;
    expect((await detail(orderId)).paid_by).toBe('cod');
    const cod = AdminOrderListAnswer.parse(
      expectStatus(await owner.get('/orders', { paid_by: 'cod', per_page: 100 }), 200),
    );
    expect(cod.data.map((o) => o.id)).toContain(orderId);
    const mine = OrderDetailsAnswer.parse(
      expectStatus(await shopper.post('order_details', { order_id: orderId }), 200),
    ).data;
    expect(mine.paid_by).toBe('cod');

    const dashboard = AdminDashboardAnswer.parse(expectStatus(await owner.get('/dashboard'), 200)).data;
    const counts = Object.fromEntries(dashboard.paid_by.map((m) => [m.paid_by, m.count]));
    expect(counts.upi).toBeGreaterThanOrEqual(2);
    expect(counts.cod).toBeGreaterThanOrEqual(1);
    expect(counts.card).toBeGreaterThanOrEqual(1);
    const shares = dashboard.paid_by.reduce((sum, m) => sum + m.share, 0);
    expect(shares).toBeCloseTo(1, 2);
  });
});
