import { AdminOrderAnswer, AdminSettingsAnswer, type OrderInvoice, OrderInvoiceAnswer } from '@kapaas/contract';
import { cities, coupons, eq, orderTaxes, shippingZones, states, taxInvoices } from '@kapaas/db';
import { parse } from 'csv-parse/sync';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundFor } from '../../../test/bounds';
import { type Shopper, startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { checkoutFixtures } from '../checkout/checkout.fixtures';

let shop: TestShop;
const admin = adminFixtures(() => shop);
const checkout = checkoutFixtures(() => shop);
let owner: AdminClient;
type Item = Awaited<ReturnType<typeof checkout.stockedItem>>;

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  // Free shipping everywhere unless a test sets a charge, so that the sums below are the items'.
  await shop.database.db.update(shippingZones).set({ chargePaise: 0 });
});
afterAll(async () => {
  await shop.close();
});

const db = () => shop.database.db;

/** A PDF's text, as a reader extracts it. */
async function pdfText(bytes: Buffer): Promise<string> {
  return (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: true })).text;
}
const paise = (rupees: number) => Math.round(rupees * 100);

/** A real PIN code of each state the tests deliver to (the address is checked against it). */
const PIN_OF: Record<string, string> = {
  Maharashtra: '411004',
  Karnataka: '560001',
  Chandigarh: '160017',
  Punjab: '141001',
  Kerala: '682017',
  'Tamil Nadu': '600001',
  Gujarat: '380001',
};

/** Saves an address in `stateName` for the shopper and answers its id. */
async function addressIn(shopper: Shopper, stateName: string): Promise<number> {
  const [state] = await db().select().from(states).where(eq(states.name, stateName));
  if (!state) throw new Error(`no state ${stateName}`);
  const [city] = await db().select().from(cities).where(eq(cities.stateId, state.id)).limit(1);
  if (!city) throw new Error(`${stateName} has no city`);
  const response = await shopper.post('add_address', {
    first_name: 'Riya',
    last_name: 'Deshpande',
    address: '7 Prabhat Road',
    state: state.id,
    city: city.id,
    pin_code: PIN_OF[stateName],
    email_id: 'riya@example.in',
    phone_number: '9822012345',
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().address_id as number;
}

/** An item of its own at this selling price (through the console, so the storefront sees it too). */
async function itemAt(rupees: number, stock = 60): Promise<Item> {
  const item = await checkout.stockedItem(stock);
  expectStatus(await owner.patch(`/products/${item.productId}`, { price: rupees, discount_price: null }), 200);
  return { ...item, pricePaise: paise(rupees), discountPricePaise: null, unitPaise: paise(rupees) };
}

/** A guest who buys these lines, delivered to `stateName`, with a coupon when given; paid unless told otherwise. */
async function buy(
  stateName: string,
  lines: { item: Item; quantity: number }[],
  options: { couponId?: number; pay?: boolean } = {},
) {
  const shopper = await shop.guest();
  for (const { item, quantity } of lines) await checkout.addToCart(shopper, item, quantity);
  const addressId = await addressIn(shopper, stateName);
  const extra = options.couponId === undefined ? {} : { coupon_id: options.couponId };
  const response = await checkout.place(shopper, addressId, lines, extra);
  expect(response.statusCode, response.body).toBe(200);
  const placed = response.json() as { order_id: number; razorpay_order_id: string; total: number };
  if (options.pay !== false) {
    const handler = await checkout.paid(placed.razorpay_order_id);
    expect((await checkout.confirm(shopper, placed.order_id, handler)).statusCode).toBe(200);
  }
  return { shopper, orderId: placed.order_id, total: placed.total };
}

async function invoiceOf(shopper: Shopper, orderId: number): Promise<OrderInvoice> {
  return OrderInvoiceAnswer.parse(expectStatus(await shopper.post('order_invoice', { order_id: orderId }), 200)).data;
}

/** What the lines of a document add up to, in paise, checked against its totals. */
function expectAddsUp(document: Pick<OrderInvoice, 'lines' | 'totals'>) {
  const sum = (pick: (line: OrderInvoice['lines'][number]) => number) =>
    document.lines.reduce((total, line) => total + paise(pick(line)), 0);
  for (const line of document.lines) {
    const tax = paise(line.cgst) + paise(line.sgst) + paise(line.utgst) + paise(line.igst);
    expect(paise(line.taxable_value) + tax).toBe(paise(line.total));
    expect(line.sgst === 0 || line.sgst === line.cgst).toBe(true);
    expect(line.utgst === 0 || line.utgst === line.cgst).toBe(true);
  }
  expect(paise(document.totals.taxable_value)).toBe(sum((l) => l.taxable_value));
  expect(paise(document.totals.cgst)).toBe(sum((l) => l.cgst));
  expect(paise(document.totals.igst)).toBe(sum((l) => l.igst));
  expect(paise(document.totals.grand_total)).toBe(sum((l) => l.total));
}

/** The same shipping charge in every zone, never free, as the owner sets it in the console. */
async function setShipping(rupees: number) {
  for (const zone of ['local', 'metro', 'rest', 'remote']) {
    expectStatus(await owner.patch(`/shipping_zones/${zone}`, { charge: rupees, free_above: null }), 200);
  }
}

describe('the tax on an order', () => {
  it('within Maharashtra, the shop’s state: CGST + SGST at half the rate each, adding up to the amount charged', async () => {
    const item = await itemAt(1299);
    const { shopper, orderId, total } = await buy('Maharashtra', [{ item, quantity: 2 }]);
    const invoice = await invoiceOf(shopper, orderId);
    expect(invoice.place_of_supply).toEqual({ state_name: 'Maharashtra', state_code: '27' });
    expect(invoice.supplier).toMatchObject({ gstin: '27AAKCK2026P1Z5', state_code: '27' });
    expect(invoice.reverse_charge).toBe(false);
    expect(invoice.lines).toHaveLength(1);
    // ₹2,598 at 5 %: tax 2598 × 5/105 = ₹123.714…; each half rounds to ₹61.86, the taxable value is what is left.
    expect(invoice.lines[0]).toMatchObject({
      kind: 'goods',
      hsn: expect.stringMatching(/^\d{4}$/),
      quantity: 2,
      unit: 'PCS',
      rate: 5,
      cgst: 61.86,
      sgst: 61.86,
      utgst: 0,
      igst: 0,
      taxable_value: 2474.28,
      total: 2598,
    });
    expect(invoice.totals.grand_total).toBe(total);
    expect(invoice.invoice_number).toMatch(/^KPS\/\d{4}\/\d{5}$/);
    expect(invoice.invoice_number.length).toBeLessThanOrEqual(16);
    expect(invoice.amount_in_words).toBe('Rupees Two Thousand Five Hundred Ninety-Eight Only');
    expectAddsUp(invoice);
  });

  it('to another state: IGST at the whole rate', async () => {
    const item = await itemAt(1050);
    const { shopper, orderId } = await buy('Karnataka', [{ item, quantity: 1 }]);
    const invoice = await invoiceOf(shopper, orderId);
    expect(invoice.place_of_supply).toEqual({ state_name: 'Karnataka', state_code: '29' });
    expect(invoice.buyer).toMatchObject({ name: 'Riya Deshpande', state_name: 'Karnataka', state_code: '29' });
    expect(invoice.lines[0]).toMatchObject({ rate: 5, igst: 50, cgst: 0, sgst: 0, taxable_value: 1000 });
  });

  it('a ₹2,999 piece is 18 %; a coupon that brings it to ₹2,499 makes it 5 %', async () => {
    const item = await itemAt(2999);
    const full = await buy('Karnataka', [{ item, quantity: 1 }]);
    const without = await invoiceOf(full.shopper, full.orderId);
    expect(without.lines[0]).toMatchObject({ rate: 18, igst: 457.47, taxable_value: 2541.53, total: 2999 });
    const [coupon] = await db()
      .insert(coupons)
      .values({ name: 'Five hundred off', code: 'GST500OFF', type: 'Amount', amountPaise: 50_000 })
      .returning();
    const discounted = await buy('Karnataka', [{ item, quantity: 1 }], { couponId: coupon?.id as number });
    const withCoupon = await invoiceOf(discounted.shopper, discounted.orderId);
    expect(withCoupon.lines[0]).toMatchObject({ rate: 5, igst: 119, taxable_value: 2380, total: 2499 });
    expect(withCoupon.totals.grand_total).toBe(discounted.total);
  });

  it('a mixed-rate order with shipping: each line at its own rate, shipping at the rate of the largest line', async () => {
    await setShipping(99);
    try {
      const dear = await itemAt(3200);
      const cheap = await itemAt(499);
      const { shopper, orderId, total } = await buy('Maharashtra', [
        { item: dear, quantity: 1 },
        { item: cheap, quantity: 3 },
      ]);
      const invoice = await invoiceOf(shopper, orderId);
      expect(invoice.lines.map((l) => [l.kind, l.rate, l.total])).toEqual([
        ['goods', 18, 3200],
        ['goods', 5, 1497],
        ['shipping', 18, 99],
      ]);
      expect(invoice.lines[2]).toMatchObject({ description: 'Shipping', quantity: 1, unit: 'OTH' });
      expect(invoice.totals.grand_total).toBe(total);
      expect(total).toBe(3200 + 1497 + 99);
      expectAddsUp(invoice);
    } finally {
      await setShipping(0);
    }
  });

  it('in a Union Territory without a legislature, from a shop registered there: CGST + UTGST', async () => {
    const before = AdminSettingsAnswer.parse(expectStatus(await owner.get('/settings'), 200)).data;
    const [chandigarh] = await db().select().from(states).where(eq(states.name, 'Chandigarh'));
    const registered = await owner.patch('/settings', { gstin: '04AAKCK2026P1ZD', gst_state_id: chandigarh?.id });
    expect(registered.statusCode, registered.body).toBe(200);
    try {
      const item = await itemAt(1050);
      const inside = await buy('Chandigarh', [{ item, quantity: 1 }]);
      const invoice = await invoiceOf(inside.shopper, inside.orderId);
      expect(invoice.supplier.state_code).toBe('04');
      expect(invoice.lines[0]).toMatchObject({ cgst: 25, utgst: 25, sgst: 0, igst: 0, taxable_value: 1000 });
      const outside = await buy('Punjab', [{ item, quantity: 1 }]);
      expect((await invoiceOf(outside.shopper, outside.orderId)).lines[0]).toMatchObject({ igst: 50, utgst: 0 });
    } finally {
      expectStatus(await owner.patch('/settings', { gstin: before.gstin, gst_state_id: before.gst_state_id }), 200);
    }
  });

  it('a change of settings never rewrites an order priced before it', async () => {
    const item = await itemAt(800);
    const { shopper, orderId } = await buy('Maharashtra', [{ item, quantity: 1 }], { pay: false });
    const before = AdminSettingsAnswer.parse(expectStatus(await owner.get('/settings'), 200)).data;
    expectStatus(await owner.patch('/settings', { gst_legal_name: 'Renamed Private Limited' }), 200);
    try {
      const [order] = await db().select().from(taxInvoices).where(eq(taxInvoices.orderId, orderId));
      expect(order).toBeUndefined();
      // Paid after the change: the invoice carries the identity the order was priced under.
      const placed = await checkout.orderRow(orderId);
      const handler = await checkout.paid(placed.razorpayOrderId as string);
      expect((await checkout.confirm(shopper, orderId, handler)).statusCode).toBe(200);
      expect((await invoiceOf(shopper, orderId)).supplier.legal_name).toBe(before.gst_legal_name);
    } finally {
      expectStatus(await owner.patch('/settings', { gst_legal_name: before.gst_legal_name }), 200);
    }
  });
});

describe('who sees an invoice', () => {
  it('only the order’s owner; anyone else, and an unpaid order, get 404', async () => {
    const item = await itemAt(600);
    const { shopper, orderId } = await buy('Kerala', [{ item, quantity: 1 }]);
    const stranger = await shop.guest();
    expect((await stranger.post('order_invoice', { order_id: orderId })).statusCode).toBe(404);
    expect((await shop.visitor().post('order_invoice', { order_id: orderId })).statusCode).toBe(401);
    const pdf = await shop.app.inject({
      method: 'GET',
      url: `/api/order_invoice/${orderId}.pdf`,
      headers: { cookie: stranger.cookie },
    });
    expect(pdf.statusCode).toBe(404);
    const own = await shop.app.inject({
      method: 'GET',
      url: `/api/order_invoice/${orderId}.pdf`,
      headers: { cookie: shopper.cookie },
    });
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect(own.headers['cache-control']).toBe('private, no-store');
    const number = (await invoiceOf(shopper, orderId)).invoice_number;
    expect(own.headers['content-disposition']).toBe(`inline; filename="${number.replaceAll('/', '-')}.pdf"`);
    expect(await pdfText(own.rawPayload)).toContain(number);
    const unpaid = await buy('Kerala', [{ item, quantity: 1 }], { pay: false });
    expect((await unpaid.shopper.post('order_invoice', { order_id: unpaid.orderId })).statusCode).toBe(404);
    const details = await shopper.post('order_details', { order_id: orderId });
    expect(details.json().data.invoice_number).toBe((await invoiceOf(shopper, orderId)).invoice_number);
  });
});

describe('credit notes', () => {
  it('a partial refund issues a credit note in proportion; the rest of the refund reverses the invoice exactly', async () => {
    await setShipping(49);
    try {
      const dear = await itemAt(2999);
      const cheap = await itemAt(349);
      const { shopper, orderId } = await buy('Maharashtra', [
        { item: dear, quantity: 1 },
        { item: cheap, quantity: 2 },
      ]);
      expectStatus(await owner.post(`/orders/${orderId}/refund`, { amount: 500 }), 200);
      const afterPartial = await invoiceOf(shopper, orderId);
      expect(afterPartial.credit_notes).toHaveLength(1);
      const note = afterPartial.credit_notes[0];
      expect(note).toMatchObject({ invoice_number: afterPartial.invoice_number, reason: 'Refund of ₹500.00.' });
      expect(note?.credit_note_number).toMatch(/^KPS\/\d{4}\/C\d{4}$/);
      expect(note?.totals.grand_total).toBe(500);
      expectAddsUp(note as OrderInvoice['credit_notes'][number]);
      // In proportion: each line gives back its share of ₹500 by value, at its own rate.
      const shareOfDear = (500 * 2999) / (2999 + 698 + 49);
      expect(Math.abs((note?.lines[0]?.total ?? 0) - shareOfDear)).toBeLessThan(0.02);
      expect(note?.lines[0]?.rate).toBe(18);

      const notePdf = await owner.get(`/orders/${orderId}/credit_notes/${note?.id}.pdf`);
      expect(notePdf.statusCode).toBe(200);
      const noteText = await pdfText(notePdf.rawPayload);
      expect(noteText).toContain(note?.credit_note_number);
      expect(noteText).toContain(`Against invoice ${afterPartial.invoice_number}`);
      expect((await owner.get(`/orders/${orderId}/credit_notes/999999.pdf`)).statusCode).toBe(404);
      expect(await pdfText((await owner.get(`/orders/${orderId}/invoice.pdf`)).rawPayload)).toContain(
        afterPartial.invoice_number,
      );

      const rest = expectStatus(await owner.post(`/orders/${orderId}/refund`, {}), 200);
      expect(AdminOrderAnswer.parse(rest).data.status).toBe('refunded');
      const final = await invoiceOf(shopper, orderId);
      expect(final.credit_notes).toHaveLength(2);
      for (const key of ['taxable_value', 'cgst', 'sgst', 'igst', 'grand_total'] as const) {
        const credited = final.credit_notes.reduce((sum, n) => sum + paise(n.totals[key]), 0);
        expect(credited, key).toBe(paise(final.totals[key]));
      }
    } finally {
      await setShipping(0);
    }
  });

  it('a refund made at Razorpay itself, seen in its webhook, issues a credit note too', async () => {
    const item = await itemAt(999);
    const { shopper, orderId } = await buy('Kerala', [{ item, quantity: 1 }]);
    await checkout.webhooksDelivered();
    const [payment] = await checkout.paymentsOf(orderId);
    await shop.app.payments.client.refund(
      payment?.providerPaymentId as string,
      { amount: 20_000 },
      `dashboard-refund-${orderId}`,
    );
    await checkout.webhooksDelivered();
    const invoice = await invoiceOf(shopper, orderId);
    expect(invoice.credit_notes).toHaveLength(1);
    expect(invoice.credit_notes[0]).toMatchObject({ reason: 'Refund of ₹200.00.' });
    expect(invoice.credit_notes[0]?.totals).toMatchObject({ grand_total: 200, igst: 9.52, taxable_value: 190.48 });
  });

  it('cancelling a paid order credits it in full once; its refund afterwards issues nothing more', async () => {
    const item = await itemAt(1500);
    const { shopper, orderId } = await buy('Tamil Nadu', [{ item, quantity: 1 }]);
    expectStatus(await owner.post(`/orders/${orderId}/status`, { status: 'cancelled' }), 200);
    const cancelled = await invoiceOf(shopper, orderId);
    expect(cancelled.credit_notes).toHaveLength(1);
    expect(cancelled.credit_notes[0]).toMatchObject({ reason: 'Order cancelled.' });
    expect(cancelled.credit_notes[0]?.totals).toEqual(cancelled.totals);
    expectStatus(await owner.post(`/orders/${orderId}/refund`, {}), 200);
    expect((await invoiceOf(shopper, orderId)).credit_notes).toHaveLength(1);
  });
});

describe('invoice numbers', () => {
  // Bounded by its work (test/bounds.ts): 50 shoppers placing an order (a guest, the cart, the address, the order),
  // 50 payments (the dialog, the second call, two webhooks) and the checks.
  it('50 orders settling at once get 50 invoice numbers in an unbroken run', {
    timeout: boundFor({ operations: 50 * 4 + 50 * 4 + 10 }),
  }, async () => {
    const item = await itemAt(450, 60);
    const orders = await Promise.all(
      Array.from({ length: 50 }, () => buy('Gujarat', [{ item, quantity: 1 }], { pay: false })),
    );
    await Promise.all(
      orders.map(async ({ shopper, orderId }) => {
        const placed = await checkout.orderRow(orderId);
        const handler = await checkout.paid(placed.razorpayOrderId as string);
        expect((await checkout.confirm(shopper, orderId, handler)).statusCode).toBe(200);
      }),
    );
    await checkout.webhooksDelivered();
    const rows = await db().select().from(taxInvoices);
    const ours = rows.filter((row) => orders.some((o) => o.orderId === row.orderId));
    expect(ours).toHaveLength(50);
    const sequences = rows.map((row) => row.sequence).sort((a, b) => a - b);
    // Every invoice of the year, these 50 among them, numbered 1, 2, 3, … without a gap or a repeat.
    expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, index) => index + 1));
    for (const row of ours) expect(row.number.endsWith(String(row.sequence).padStart(5, '0'))).toBe(true);
  });
});

describe('HSN codes and the GST band', () => {
  it('an invoice carries the product’s own HSN code over its category’s, to the digits the settings print', async () => {
    const item = await itemAt(700);
    const own = expectStatus(await owner.patch(`/products/${item.productId}`, { hsn_code: '61112000' }), 200);
    expect(own.data).toMatchObject({ hsn_code: '61112000', hsn: '61112000' });
    expectStatus(await owner.patch('/settings', { hsn_digits: 6 }), 200);
    try {
      const { shopper, orderId } = await buy('Kerala', [{ item, quantity: 1 }]);
      expect((await invoiceOf(shopper, orderId)).lines[0]?.hsn).toBe('611120');
    } finally {
      expectStatus(await owner.patch('/settings', { hsn_digits: 4 }), 200);
    }
    const back = expectStatus(await owner.patch(`/products/${item.productId}`, { hsn_code: null }), 200);
    expect(back.data.hsn_code).toBeNull();
    expect(back.data.hsn).toMatch(/^\d{4}$/);
    expect(
      expectStatus(await owner.patch(`/products/${item.productId}`, { hsn_code: '611' }), 400).errors,
    ).toHaveProperty('hsn_code');
  });

  it('lists the products priced in the ₹2,625–₹2,950 band, and only those', async () => {
    const inBand = await itemAt(2800);
    const atEdge = await itemAt(2625);
    const listed = expectStatus(await owner.get('/products', { gst_band: true, per_page: 100 }), 200);
    const ids = (listed.data as { id: number; in_gst_band: boolean }[]).map((p) => p.id);
    expect(ids).toContain(inBand.productId);
    expect(ids).not.toContain(atEdge.productId);
    expect((listed.data as { in_gst_band: boolean }[]).every((p) => p.in_gst_band)).toBe(true);
  });
});

describe('a shop not registered for GST', () => {
  it('charges no tax and issues no invoice while it has no GSTIN', async () => {
    const before = AdminSettingsAnswer.parse(expectStatus(await owner.get('/settings'), 200)).data;
    expectStatus(await owner.patch('/settings', { gstin: '' }), 200);
    try {
      const item = await itemAt(650);
      const { shopper, orderId, total } = await buy('Maharashtra', [{ item, quantity: 1 }]);
      expect(total).toBe(650);
      expect((await shopper.post('order_invoice', { order_id: orderId })).statusCode).toBe(404);
      expect((await shopper.post('order_details', { order_id: orderId })).json().data.invoice_number).toBeNull();
      expect((await db().select().from(orderTaxes).where(eq(orderTaxes.orderId, orderId))).length).toBe(0);
    } finally {
      expectStatus(await owner.patch('/settings', { gstin: before.gstin }), 200);
    }
  });
});

describe('the tax identity in the settings', () => {
  it('refuses a GSTIN with a wrong check character, or of another state, beside the field; changes nothing', async () => {
    const before = AdminSettingsAnswer.parse(expectStatus(await owner.get('/settings'), 200)).data;
    expect(before).toMatchObject({ gstin: '27AAKCK2026P1Z5', gst_state_name: 'Maharashtra', invoice_prefix: 'KPS' });
    const typo = expectStatus(await owner.patch('/settings', { gstin: '27AAKCK2026P1Z6' }), 400);
    expect(typo.errors?.gstin?.[0]).toMatch(/last character/);
    const elsewhere = expectStatus(await owner.patch('/settings', { gstin: '29AAGCB7383J1Z4' }), 400);
    expect(elsewhere.errors?.gstin?.[0]).toMatch(/state code 29; Maharashtra's GST code is 27/);
    const prefix = expectStatus(await owner.patch('/settings', { invoice_prefix: 'kapaas' }), 400);
    expect(prefix.errors?.invoice_prefix).toBeDefined();
    const after = AdminSettingsAnswer.parse(expectStatus(await owner.get('/settings'), 200)).data;
    expect(after).toEqual(before);
  });
});

describe('the monthly GST report', () => {
  it('sums the month’s sales by place of supply and rate, the HSN summary, and lists the credit notes', async () => {
    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const response = await owner.get('/reports/gst.csv', { month });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/csv/);
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    const sales = rows.filter((row) => row.section === 'B2C sales by place of supply and rate');
    const hsn = rows.filter((row) => row.section === 'HSN summary');
    const credits = rows.filter((row) => row.section === 'Credit notes');
    expect(sales.find((row) => row.state_code === '24' && row.rate === '5')).toMatchObject({
      place_of_supply: 'Gujarat',
    });
    const cents = (list: Record<string, string>[], key: string) =>
      list.reduce((sum, row) => sum + paise(Number(row[key])), 0);
    // The two sections count the same sales.
    expect(cents(sales, 'total')).toBe(cents(hsn, 'total'));
    expect(cents(sales, 'igst')).toBe(cents(hsn, 'igst'));
    expect(credits.length).toBeGreaterThanOrEqual(3);
    expect(credits[0]?.invoice_number).toMatch(/^KPS\//);
    expect(expectStatus(await owner.get('/reports/gst.csv', { month: '2026-13' }), 400)).toBeDefined();
  });

  it('lists each invoice of the month with how its order was paid, and the invoices add up to the sales', async () => {
    const item = await itemAt(1200);
    const byCard = await buy('Karnataka', [{ item, quantity: 1 }]);
    // Another shopper pays by UPI in the sandbox, with Razorpay's test UPI id.
    const byUpi = await buy('Kerala', [{ item, quantity: 2 }], { pay: false });
    const paid = await shop.app.inject({
      method: 'POST',
      url: '/sandbox/razorpay/test/pay',
      payload: {
        order_id: (await checkout.orderRow(byUpi.orderId)).razorpayOrderId,
        method: 'upi',
        vpa: 'success@razorpay',
      },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expectStatus(await checkout.confirm(byUpi.shopper, byUpi.orderId, paid.json()), 200);

    const month = new Date(Date.now() + 330 * 60_000).toISOString().slice(0, 7);
    const response = await owner.get('/reports/gst.csv', { month });
    expect(response.statusCode, response.body).toBe(200);
    const rows = parse(response.body, { columns: true }) as Record<string, string>[];
    const invoices = rows.filter((row) => row.section === 'Invoices');
    const rowOf = async (shopper: Shopper, orderId: number) => {
      const invoice = await invoiceOf(shopper, orderId);
      const row = invoices.find((r) => r.document_number === invoice.invoice_number);
      expect(row, invoice.invoice_number).toBeDefined();
      expect(paise(Number(row?.total))).toBe(paise(invoice.totals.grand_total));
      return row;
    };
    expect(await rowOf(byCard.shopper, byCard.orderId)).toMatchObject({
      paid_by: 'Card',
      place_of_supply: 'Karnataka',
    });
    expect(await rowOf(byUpi.shopper, byUpi.orderId)).toMatchObject({ paid_by: 'UPI', place_of_supply: 'Kerala' });
    // One row per invoice, and together they are the month's sales: the other sections' totals are unchanged.
    expect(new Set(invoices.map((row) => row.document_number)).size).toBe(invoices.length);
    const cents = (list: Record<string, string>[], key: string) =>
      list.reduce((sum, row) => sum + paise(Number(row[key])), 0);
    const sales = rows.filter((row) => row.section === 'B2C sales by place of supply and rate');
    for (const key of ['taxable_value', 'cgst', 'sgst_utgst', 'igst', 'total']) {
      expect(cents(invoices, key), key).toBe(cents(sales, key));
    }
  });
});
