import { CouponsReportAnswer, TaxReportAnswer } from '@kapaas/contract';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
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

const PUNE = { state: 'Maharashtra', pin: '411001' };
const paise = (rupees: string | number) => Math.round(Number(rupees) * 100);

/** The coupons the test used, and what it summed of their orders. */
const coupons = { a: '', b: '' };
const used = { aUses: 0, aDiscount: 0, aRevenue: 0, bUses: 0, bDiscount: 0, bRevenue: 0 };

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);

  // June 2024: sales within Maharashtra (CGST + SGST) and to Kerala (IGST), one in the last millisecond of 30 June
  // IST, and a refund; 1 July at midnight IST starts the next month.
  const inState = await report.online({ place: PUNE, quantity: 2 });
  await report.dated(inState.orderId, ist('2024-06-10', '10:00:00.000'));
  const refunded = await report.online({ quantity: 3 });
  expectStatus(
    await owner.post(`/orders/${refunded.orderId}/refund`, { amount: 120, idempotency_key: 'report-tax-0001' }),
    200,
  );
  await report.dated(refunded.orderId, ist('2024-06-15', '10:00:00.000'));
  await report.creditedAt(refunded.orderId, ist('2024-06-20', '10:00:00.000'));
  const lastMoment = await report.online({ place: PUNE });
  await report.dated(lastMoment.orderId, new Date(ist('2024-07-01').getTime() - 1));
  const july = await report.online();
  await report.dated(july.orderId, ist('2024-07-01'));

  // Coupons in August 2024: A twice, B once, and an order without one.
  const couponA = await report.checkout.couponWith({});
  const couponB = await report.checkout.couponWith({});
  coupons.a = couponA.code;
  coupons.b = couponB.code;
  for (const [coupon, key] of [
    [couponA, 'a'],
    [couponA, 'a'],
    [couponB, 'b'],
  ] as const) {
    const order = await report.online({ couponId: coupon.id, quantity: 4 });
    await report.dated(order.orderId, ist('2024-08-05', '12:00:00.000'));
    used[`${key}Uses`] += 1;
    used[`${key}Discount`] += order.discountPaise;
    used[`${key}Revenue`] += order.totalPaise;
  }
  const plain = await report.online();
  await report.dated(plain.orderId, ist('2024-08-05', '13:00:00.000'));
}, 180_000);
afterAll(async () => {
  await shop.close();
});

/** A month of the GST CSV summed by the test: its sales less its credit notes, in paise. */
async function csvMonth(month: string) {
  const response = await owner.get('/reports/gst.csv', { month });
  expect(response.statusCode, response.body).toBe(200);
  const rows = parse(response.body, { columns: true }) as Record<string, string>[];
  const sum = (section: string, column: string) =>
    rows.filter((row) => row.section === section).reduce((total, row) => total + paise(row[column] ?? 0), 0);
  const net = (column: string) => sum('B2C sales by place of supply and rate', column) - sum('Credit notes', column);
  return { taxable: net('taxable_value'), cgst: net('cgst'), sgst: net('sgst_utgst'), igst: net('igst') };
}

describe('the tax report', () => {
  it('equals the GST CSV of each month to the paisa, invoices less credit notes, by India’s months', async () => {
    const data = TaxReportAnswer.parse(
      expectStatus(await owner.get('/reports/tax', { from: '2024-06-01', to: '2024-07-31' }), 200),
    ).data;
    expect(data.months.map((row) => row.month)).toEqual(['2024-06', '2024-07']);
    const totals = { taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    for (const row of data.months) {
      const csv = await csvMonth(row.month);
      expect({
        taxable: paise(row.taxable_value),
        cgst: paise(row.cgst),
        sgst: paise(row.sgst),
        igst: paise(row.igst),
        total: paise(row.total_tax),
      }).toEqual({ ...csv, total: csv.cgst + csv.sgst + csv.igst });
      for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += csv[key];
    }
    const june = await csvMonth('2024-06');
    // June holds both kinds of supply and the refund's credit note; July only the order paid at its first instant.
    expect(june.cgst).toBeGreaterThan(0);
    expect(june.igst).toBeGreaterThan(0);
    expect((await csvMonth('2024-07')).taxable).toBeGreaterThan(0);
    expect(data.totals).toEqual({
      taxable_value: totals.taxable / 100,
      cgst: totals.cgst / 100,
      sgst: totals.sgst / 100,
      igst: totals.igst / 100,
      total_tax: (totals.cgst + totals.sgst + totals.igst) / 100,
    });
  });

  it('is the owners’ alone: staff get 403, no token 401', async () => {
    const query = { from: '2024-06-01', to: '2024-06-30' };
    expect((await staff.get('/reports/tax', query)).statusCode).toBe(403);
    expect((await admin.client().get('/reports/tax', query)).statusCode).toBe(401);
    expect(
      expectStatus(await owner.get('/reports/tax', { from: '2024-06-31', to: '2024-07-01' }), 400).errors,
    ).toHaveProperty('from');
  });
});

describe('the coupons report', () => {
  it('gives each code its uses by sold orders, the discount given and those orders’ totals', async () => {
    const data = CouponsReportAnswer.parse(
      expectStatus(await staff.get('/reports/coupons', { from: '2024-08-05', to: '2024-08-05' }), 200),
    ).data;
    expect(data.rows).toEqual([
      { code: coupons.a, uses: used.aUses, discount: used.aDiscount / 100, revenue: used.aRevenue / 100 },
      { code: coupons.b, uses: used.bUses, discount: used.bDiscount / 100, revenue: used.bRevenue / 100 },
    ]);
    expect(used.aDiscount).toBeGreaterThan(0);
    expect(data.totals).toEqual({
      uses: 3,
      discount: (used.aDiscount + used.bDiscount) / 100,
      revenue: (used.aRevenue + used.bRevenue) / 100,
    });
    expect(data.previous).toEqual({ uses: 0, discount: 0, revenue: 0 });
  });
});
