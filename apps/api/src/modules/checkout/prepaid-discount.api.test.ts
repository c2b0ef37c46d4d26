import { AdminDashboardAnswer, AdminSettingsAnswer, OrderInvoiceAnswer } from '@kapaas/contract';
import { asc, codPrepayments, eq, orderTaxLines, shippingZones } from '@kapaas/db';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from './checkout.fixtures';
import { repriceOnline } from './prepaid-discount';

/*
 * The prepaid discount (issue 34, ADR 047): a percent off the goods after the coupon when the shopper pays online,
 * capped, never on cash on delivery; a discount before tax, shown on the invoice; its settings in the console.
 */

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const f = checkoutFixtures(() => shop);
const db = () => shop.database.db;
type Item = Awaited<ReturnType<typeof f.stockedItem>>;

const paise = (rupees: number) => Math.round(rupees * 100);

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  // A shipping charge everywhere, never free, so that the sums show it is never discounted.
  await db().update(shippingZones).set({ chargePaise: 5_900, freeAbovePaise: null });
});
afterAll(async () => {
  await shop.close();
});
beforeEach(async () => {
  expectStatus(
    await owner.patch('/settings', {
      prepaid_discount_percent: 0,
      prepaid_discount_max: null,
      cod_enabled: true,
      cod_min_order: 1,
      cod_max_order: 100_000,
      cod_fee: 49,
      cod_confirm_above: null,
    }),
    200,
  );
});

/** An item of its own at this price, through the console. */
async function itemAt(rupees: number): Promise<Item> {
  const item = await f.stockedItem(20);
  expectStatus(await owner.patch(`/products/${item.productId}`, { price: rupees, discount_price: null }), 200);
  return { ...item, pricePaise: paise(rupees), discountPricePaise: null, unitPaise: paise(rupees) };
}

async function placeWith(item: Item, quantity: number, extra: Record<string, unknown> = {}) {
  const { shopper, addressId } = await f.readyGuest(item, quantity);
  const response = await f.place(shopper, addressId, [{ item, quantity }], extra);
  expect(response.statusCode, response.body).toBe(200);
  return { shopper, answer: response.json() };
}

async function taxLinesOf(orderId: number) {
  return db()
    .select()
    .from(orderTaxLines)
    .where(eq(orderTaxLines.orderId, orderId))
    .orderBy(asc(orderTaxLines.position));
}

describe('order_place with the prepaid discount', () => {
  it('answers prepaid_discount 0 and the full price while the discount is off', async () => {
    const item = await itemAt(1000);
    const { answer } = await placeWith(item, 2);
    expect(answer).toMatchObject({ prepaid_discount: 0, items_total: 2000, shipping_charge: 59, total: 2059 });
    expect(answer.amount).toBe(205_900);
  });

  it('takes the percent off the goods, not the shipping, charges the lower total, and taxes the lower value', async () => {
    expectStatus(await owner.patch('/settings', { prepaid_discount_percent: 5 }), 200);
    const item = await itemAt(999);
    const { answer } = await placeWith(item, 3);
    // 5 % of ₹2,997 is ₹149.85; shipping stays ₹59.
    expect(answer).toMatchObject({ prepaid_discount: 149.85, items_total: 2997, shipping_charge: 59 });
    expect(answer.total).toBe(2997 - 149.85 + 59);
    expect(answer.amount).toBe(299_700 - 14_985 + 5_900);
    const order = await f.orderRow(answer.order_id);
    expect(order).toMatchObject({ prepaidDiscountPaise: 14_985, discountPaise: 0, totalPaise: 290_615 });
    const lines = await taxLinesOf(answer.order_id);
    expect(lines.reduce((sum, line) => sum + line.paidPaise, 0)).toBe(order.totalPaise);
    expect(lines[0]).toMatchObject({ kind: 'goods', paidPaise: 299_700 - 14_985 });
    expect(lines[1]).toMatchObject({ kind: 'shipping', paidPaise: 5_900 });
  });

  it('comes after the coupon: the percent is of what the coupon left', async () => {
    expectStatus(await owner.patch('/settings', { prepaid_discount_percent: 10 }), 200);
    const coupon = await f.couponWith({ minOrderPaise: 1 });
    const item = await itemAt(1100);
    const { answer } = await placeWith(item, 1, { coupon_id: coupon.id });
    // ₹1,100 less the ₹100 coupon is ₹1,000; 10 % of that is ₹100.
    expect(answer).toMatchObject({ coupon_discount: 100, prepaid_discount: 100, total: 1100 - 100 - 100 + 59 });
  });

  it('never takes more than the cap', async () => {
    expectStatus(await owner.patch('/settings', { prepaid_discount_percent: 20, prepaid_discount_max: 150 }), 200);
    const item = await itemAt(2000);
    const { answer } = await placeWith(item, 1);
    expect(answer).toMatchObject({ prepaid_discount: 150, total: 2000 - 150 + 59 });
  });

  it('never discounts cash on delivery', async () => {
    expectStatus(await owner.patch('/settings', { prepaid_discount_percent: 10 }), 200);
    const item = await itemAt(1000);
    const { answer } = await placeWith(item, 1, { payment_method: 'cod' });
    expect(answer).toMatchObject({ payment_method: 'cod', prepaid_discount: 0, cod_fee: 49, total: 1000 + 59 + 49 });
    expect((await f.orderRow(answer.order_id)).prepaidDiscountPaise).toBe(0);
  });
});

describe('a cash-on-delivery order re-priced as paid online (repriceOnline)', () => {
  it('drops the COD fee, takes the prepaid discount after the coupon, and its GST lines add up to the new total', async () => {
    expectStatus(await owner.patch('/settings', { prepaid_discount_percent: 10 }), 200);
    const coupon = await f.couponWith({ minOrderPaise: 1 });
    const item = await itemAt(1100);
    const { answer } = await placeWith(item, 2, { payment_method: 'cod', coupon_id: coupon.id });
    const order = await f.orderRow(answer.order_id);
    expect(order).toMatchObject({ codFeePaise: 4_900, prepaidDiscountPaise: 0 });
    const { price, tax } = await repriceOnline(db(), order);
    // ₹2,200 less the ₹100 coupon is ₹2,100; 10 % of it is ₹210; shipping ₹59 stays, the ₹49 fee goes.
    expect(price).toEqual({
      itemsTotalPaise: 220_000,
      discountPaise: 10_000,
      prepaidDiscountPaise: 21_000,
      shippingPaise: 5_900,
      codFeePaise: 0,
      totalPaise: 220_000 - 10_000 - 21_000 + 5_900,
    });
    expect(tax?.lines.map((line) => line.kind)).toEqual(['goods', 'shipping']);
    expect(tax?.lines.reduce((sum, line) => sum + line.paidPaise, 0)).toBe(price.totalPaise);
  });
});

describe('what the shopper is told before placing', () => {
  it('cart_list and Coupon_discount_details say what paying online saves, computed on the server', async () => {
    expectStatus(await owner.patch('/settings', { prepaid_discount_percent: 10, prepaid_discount_max: 500 }), 200);
    const item = await itemAt(1100);
    const { shopper } = await f.readyGuest(item, 1);
    const cart = expectStatus(await shopper.post('cart_list', {}), 200);
    expect(cart.prepaid_discount).toEqual({ percent: 10, max: 500, amount: 110 });
    const coupon = await f.couponWith({ minOrderPaise: 1 });
    const preview = await shopper.post('Coupon_discount_details', { total_amount: 1100, coupon_id: coupon.id });
    expect(expectStatus(preview, 200).coupons).toMatchObject({ discounted_amount: 100, prepaid_discount: 100 });
  });
});

describe('the prepaid discount on the tax invoice', () => {
  async function pdfText(shopper: Shopper, orderId: number): Promise<string> {
    const pdf = await shop.app.inject({
      method: 'GET',
      url: `/api/order_invoice/${orderId}.pdf`,
      headers: { cookie: shopper.cookie },
    });
    expect(pdf.statusCode).toBe(200);
    const document = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
    return (await extractText(document, { mergePages: true })).text;
  }

  it('the JSON and the PDF show the coupon and the prepaid discount taken before tax', async () => {
    expectStatus(await owner.patch('/settings', { prepaid_discount_percent: 10 }), 200);
    const coupon = await f.couponWith({ minOrderPaise: 1 });
    const item = await itemAt(1100);
    const { shopper, answer } = await placeWith(item, 1, { coupon_id: coupon.id });
    const handler = await f.paid(answer.razorpay_order_id);
    expectStatus(await f.confirm(shopper, answer.order_id, handler), 200);
    const invoice = OrderInvoiceAnswer.parse(
      expectStatus(await shopper.post('order_invoice', { order_id: answer.order_id }), 200),
    ).data;
    expect(invoice).toMatchObject({ coupon_discount: 100, prepaid_discount: 100 });
    expect(invoice.totals.grand_total).toBe(1100 - 100 - 100 + 59);
    const text = await pdfText(shopper, answer.order_id);
    expect(text).toContain('Prepaid discount (paid online)');
    expect(text).toContain('₹100.00');
    expect(text).toContain('Coupon discount');
  });
});

describe('the orders CSV', () => {
  it('has the prepaid discount in its column, prepaid_discount, after the earlier ones', async () => {
    expectStatus(await owner.patch('/settings', { prepaid_discount_percent: 10 }), 200);
    const item = await itemAt(1000);
    const { shopper, answer } = await placeWith(item, 1);
    expectStatus(await f.confirm(shopper, answer.order_id, await f.paid(answer.razorpay_order_id)), 200);
    const file = await owner.get('/orders.csv', { status: 'paid' });
    expect(file.statusCode).toBe(200);
    const [header, ...rows] = parse(file.body) as string[][];
    // Added last when it came (ADR 047); the SKUs' column came after it (ADR 063).
    const at = header?.indexOf('prepaid_discount') ?? -1;
    expect(header?.slice(at)).toEqual(['prepaid_discount', 'skus']);
    const row = rows.find((cells) => Number(cells[0]) === answer.order_id);
    expect(row?.[at]).toBe('100');
  });
});

describe('the settings', () => {
  it('keep the percent within 0–20 and the cap not negative, with the error beside the field', async () => {
    const high = await owner.patch('/settings', { prepaid_discount_percent: 25 });
    expect(high.statusCode).toBe(400);
    expect(high.json().errors).toHaveProperty('prepaid_discount_percent');
    const negative = await owner.patch('/settings', { prepaid_discount_max: -1 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json().errors).toHaveProperty('prepaid_discount_max');
    const saved = expectStatus(
      await owner.patch('/settings', { prepaid_discount_percent: 7, prepaid_discount_max: 250.5 }),
      200,
    );
    expect(AdminSettingsAnswer.parse(saved).data).toMatchObject({
      prepaid_discount_percent: 7,
      prepaid_discount_max: 250.5,
    });
    const uncapped = expectStatus(await owner.patch('/settings', { prepaid_discount_max: null }), 200);
    expect(uncapped.data.prepaid_discount_max).toBeNull();
  });
});

describe('the dashboard', () => {
  const figures = async () =>
    AdminDashboardAnswer.parse(expectStatus(await owner.get('/dashboard'), 200)).data.payment_shares;

  it('shows the prepaid and COD shares of the last 30 days, and the COD orders moved to prepaid', async () => {
    const before = await figures();
    const item = await itemAt(800);
    const online = await placeWith(item, 1);
    expectStatus(
      await f.confirm(online.shopper, online.answer.order_id, await f.paid(online.answer.razorpay_order_id)),
      200,
    );
    // An online order never paid does not count.
    await placeWith(item, 1);
    const cod = await placeWith(item, 1, { payment_method: 'cod' });
    const middle = await figures();
    expect(middle.prepaid.count).toBe(before.prepaid.count + 1);
    expect(middle.cod.count).toBe(before.cod.count + 1);
    const all = middle.prepaid.count + middle.cod.count;
    expect(middle.prepaid.share).toBeCloseTo(middle.prepaid.count / all, 3);
    expect(middle.cod.share).toBeCloseTo(middle.cod.count / all, 3);
    expect(middle.cod_moved_to_prepaid).toBe(before.cod_moved_to_prepaid);
    // cod_pay_online records the offer that moved the order to prepaid (its paid_at); an offer not paid is not counted.
    await db()
      .insert(codPrepayments)
      .values([
        { orderId: cod.answer.order_id, kind: 'checkout', amountPaise: 80_000, paidAt: null },
        { orderId: cod.answer.order_id, kind: 'link', amountPaise: 80_000, paidAt: new Date(), paymentId: 'pay_moved' },
      ]);
    expect((await figures()).cod_moved_to_prepaid).toBe(before.cod_moved_to_prepaid + 1);
  });
});
