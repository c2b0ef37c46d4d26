import { PaymentsReportAnswer } from '@kapaas/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { ist, reportFixtures } from './reports.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
let staff: AdminClient;
const report = reportFixtures(
  () => shop,
  () => staff,
);

const DAY = '2024-04-16';
const PUNE = { state: 'Maharashtra', pin: '411001' };

const payments = async (query: Record<string, string>) =>
  PaymentsReportAnswer.parse(expectStatus(await staff.get('/reports/payments', query), 200)).data;

/** The test's own figures, summed as it placed the orders. */
const mine = { onlinePaise: 0, codPaise: 0, dueOrders: 0, duePaise: 0 };
let dueBefore = { orders: 0, amount: 0 };

beforeAll(async () => {
  shop = await startTestShop();
  staff = await admin.staff(await admin.owner());
  dueBefore = (await payments({ from: DAY, to: DAY })).cod_to_collect;

  for (const quantity of [1, 2]) {
    const order = await report.online({ quantity });
    await report.dated(order.orderId, ist(DAY, '10:00:00.000'));
    mine.onlinePaise += order.totalPaise;
  }
  // Kerala (rest of India): one delivered and its cash collected, one returned to origin.
  const delivered = await report.cod();
  await report.moveTo(delivered.orderId, 'packed', 'shipped', 'delivered');
  expectStatus(await staff.post(`/orders/${delivered.orderId}/cod-collected`, {}), 200);
  const rto = await report.cod();
  await report.moveTo(rto.orderId, 'packed', 'shipped', 'returned_to_origin');
  // Pune, in the shop's own state: one on its way, and one confirmed but not yet packed. Both still to collect.
  const onItsWay = await report.cod({ place: PUNE });
  await report.moveTo(onItsWay.orderId, 'packed', 'shipped');
  const confirmed = await report.cod({ place: PUNE });
  for (const order of [delivered, rto, onItsWay, confirmed]) {
    await report.dated(order.orderId, ist(DAY, '11:00:00.000'));
    mine.codPaise += order.totalPaise;
  }
  for (const order of [onItsWay, confirmed]) {
    mine.dueOrders += 1;
    mine.duePaise += order.totalPaise;
  }
}, 120_000);
afterAll(async () => {
  await shop.close();
});

describe('the payments report', () => {
  it('splits the day’s orders into prepaid and cash on delivery, by method', async () => {
    const data = await payments({ from: DAY, to: DAY });
    expect(data.totals).toEqual({
      orders: 6,
      prepaid_orders: 2,
      cod_orders: 4,
      prepaid_revenue: mine.onlinePaise / 100,
      cod_revenue: mine.codPaise / 100,
      cod_share: Math.round((4 / 6) * 10_000) / 10_000,
    });
    expect(data.previous).toMatchObject({ orders: 0, cod_share: null });
    expect(data.methods).toEqual([
      { paid_by: 'cod', label: 'Cash on delivery', orders: 4, revenue: mine.codPaise / 100 },
      { paid_by: 'card', label: 'Card', orders: 2, revenue: mine.onlinePaise / 100 },
    ]);
  });

  it('gives the COD parcels handed to the courier that came back, by state and by zone', async () => {
    const { rto } = await payments({ from: DAY, to: DAY });
    expect(rto).toEqual({
      shipped: 3,
      rto: 1,
      rto_rate: Math.round((1 / 3) * 10_000) / 10_000,
      by_state: [
        { name: 'Kerala', shipped: 2, rto: 1, rto_rate: 0.5 },
        { name: 'Maharashtra', shipped: 1, rto: 0, rto_rate: 0 },
      ],
      by_zone: [
        { name: 'Rest of India', shipped: 2, rto: 1, rto_rate: 0.5 },
        { name: 'Within the shop’s state', shipped: 1, rto: 0, rto_rate: 0 },
      ],
    });
    // The day before handed nothing over.
    expect((await payments({ from: '2024-04-15', to: '2024-04-15' })).rto).toMatchObject({
      shipped: 0,
      rto_rate: null,
    });
  });

  it('says what cash is still to collect today, whatever the period', async () => {
    const { cod_to_collect } = await payments({ from: '2020-01-01', to: '2020-01-01' });
    expect(cod_to_collect).toEqual({
      orders: dueBefore.orders + mine.dueOrders,
      amount: Math.round(dueBefore.amount * 100 + mine.duePaise) / 100,
    });
  });

  it('answers 400 beside the field for a bad period', async () => {
    expect(
      expectStatus(await staff.get('/reports/payments', { from: DAY, to: '2024-04-1' }), 400).errors,
    ).toHaveProperty('to');
    expect(expectStatus(await staff.get('/reports/payments', { from: DAY, to: DAY, x: '1' }), 400).success).toBe(false);
  });
});
