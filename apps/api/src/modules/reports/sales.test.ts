import { SalesReportAnswer } from '@kapaas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type RegisteredShopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { ist, reportFixtures } from './reports.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
let owner: AdminClient;
let staff: AdminClient;
const report = reportFixtures(
  () => shop,
  () => staff,
);

// March 2024, before any order of the demo shop: 10 March is a Sunday, 11 a Monday, 12 (the day under test) a Tuesday.
const SUNDAY = '2024-03-10';
const DAY = '2024-03-12';
const NEXT = '2024-03-13';

const sales = async (client: AdminClient, query: Record<string, string>) =>
  SalesReportAnswer.parse(expectStatus(await client.get('/reports/sales', query), 200)).data;

/** What the test did on DAY, summed by itself: orders, units, their totals, and what went back. */
const expected = { orders: 0, units: 0, gross: 0, credits: 0 };
let returningShopper: RegisteredShopper;
let firstOrderPaise = 0;
let firstOrderUnits = 0;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);

  // A shopper with an account buys on Sunday, and again on DAY: returning on DAY.
  returningShopper = await shop.user();
  const first = await report.online({ shopper: returningShopper, quantity: 2 });
  await report.dated(first.orderId, ist(SUNDAY, '11:00:00.000'));
  firstOrderPaise = first.totalPaise;
  firstOrderUnits = 2;
  const again = await report.online({ shopper: returningShopper, quantity: 1 });
  await report.dated(again.orderId, ist(DAY, '10:00:00.000'));

  // A guest pays online on DAY, and the owner refunds ₹50 of it the same day.
  const refunded = await report.online({ quantity: 3 });
  expectStatus(
    await owner.post(`/orders/${refunded.orderId}/refund`, { amount: 50, idempotency_key: 'report-refund-0001' }),
    200,
  );
  await report.dated(refunded.orderId, ist(DAY, '12:00:00.000'));
  await report.creditedAt(refunded.orderId, ist(DAY, '15:00:00.000'));

  // A cash-on-delivery order placed (and confirmed) in the last millisecond of DAY, India's time.
  const cod = await report.cod();
  await report.dated(cod.orderId, new Date(ist(NEXT).getTime() - 1));

  // A cash-on-delivery parcel shipped, then returned to origin on DAY: sold, and its credit note takes it back out.
  const rto = await report.cod();
  await report.moveTo(rto.orderId, 'packed', 'shipped', 'returned_to_origin');
  await report.dated(rto.orderId, ist(DAY, '09:00:00.000'));
  await report.creditedAt(rto.orderId, ist(DAY, '18:00:00.000'));

  // Neither counts: a cash-on-delivery order cancelled before it left, and an order paid at midnight starting NEXT.
  const cancelled = await report.cod();
  await report.moveTo(cancelled.orderId, 'cancelled');
  await report.dated(cancelled.orderId, ist(DAY, '13:00:00.000'));
  const tomorrow = await report.online({ quantity: 1 });
  await report.dated(tomorrow.orderId, ist(NEXT));

  for (const order of [again, refunded, cod, rto]) {
    expected.orders += 1;
    expected.units += order.quantity;
    expected.gross += order.totalPaise;
  }
  expected.credits = 5_000 + rto.totalPaise;
}, 120_000);
afterAll(async () => {
  await shop.close();
});

describe('the sales report', () => {
  it('sums the day’s paid and confirmed orders, less its refunds and credit notes, against the day before', async () => {
    const data = await sales(staff, { from: DAY, to: DAY });
    expect(data).toMatchObject({ from: DAY, to: DAY, previous_from: '2024-03-11', previous_to: '2024-03-11' });
    expect(data.totals).toEqual({
      revenue: (expected.gross - expected.credits) / 100,
      gross: expected.gross / 100,
      refunds: expected.credits / 100,
      orders: expected.orders,
      units: expected.units,
      aov: Math.round(expected.gross / expected.orders) / 100,
      new_customers: 3,
      returning_customers: 1,
    });
    expect(data.previous).toMatchObject({ orders: 0, revenue: 0, new_customers: 0, returning_customers: 0 });
    expect(data.series).toEqual([
      { date: DAY, revenue: (expected.gross - expected.credits) / 100, orders: expected.orders, units: expected.units },
    ]);
  });

  it('draws a week from its Monday and a month from its 1st, with empty steps kept', async () => {
    const weeks = await sales(staff, { from: SUNDAY, to: DAY, interval: 'week' });
    const net = (expected.gross - expected.credits) / 100;
    expect(weeks.series).toEqual([
      { date: '2024-03-04', revenue: firstOrderPaise / 100, orders: 1, units: firstOrderUnits },
      { date: '2024-03-11', revenue: net, orders: expected.orders, units: expected.units },
    ]);
    expect(weeks.totals).toMatchObject({ orders: expected.orders + 1, new_customers: 4, returning_customers: 0 });
    const days = await sales(staff, { from: SUNDAY, to: DAY });
    expect(days.series.map((point) => [point.date, point.orders])).toEqual([
      [SUNDAY, 1],
      ['2024-03-11', 0],
      [DAY, expected.orders],
    ]);
    const months = await sales(owner, { from: '2024-02-15', to: '2024-03-31', interval: 'month' });
    expect(months.series.map((point) => [point.date, point.orders])).toEqual([
      ['2024-02-01', 0],
      ['2024-03-01', expected.orders + 2],
    ]);
  });

  it('counts an order paid at midnight IST on the day it starts, not the day before', async () => {
    const next = await sales(staff, { from: NEXT, to: NEXT });
    expect(next.totals.orders).toBe(1);
    expect(next.previous.orders).toBe(expected.orders);
  });

  it('answers 400 beside the field, never 500, for a day outside the years the shop can date', async () => {
    for (const [path, from, to] of [
      ['/reports/sales', '0000-01-01', '0000-01-02'],
      ['/reports/payments', '9999-12-30', '9999-12-31'],
      ['/reports/stock', '9999-12-31', '9999-12-31'],
    ] as const) {
      const answer = expectStatus(await staff.get(path, { from, to }), 400);
      expect(answer.errors).toEqual({
        from: ['Give from between 2000-01-01 and 2999-12-31.'],
        to: ['Give to between 2000-01-01 and 2999-12-31.'],
      });
    }
  });

  it('answers 401 without a token and 400 beside the field for a bad period', async () => {
    expect((await admin.client().get('/reports/sales', { from: DAY, to: DAY })).statusCode).toBe(401);
    const backwards = expectStatus(await staff.get('/reports/sales', { from: DAY, to: SUNDAY }), 400);
    expect(backwards.errors).toEqual({ to: [expect.stringMatching(/not be before/)] });
    const garbled = expectStatus(await staff.get('/reports/sales', { from: '12/03/2024', to: DAY }), 400);
    expect(Object.keys(garbled.errors)).toEqual(['from']);
    expect(expectStatus(await staff.get('/reports/sales', { to: DAY }), 400).errors).toHaveProperty('from');
    expect((await staff.get('/reports/sales', { from: DAY, to: DAY, interval: 'year' })).statusCode).toBe(400);
  });
});
