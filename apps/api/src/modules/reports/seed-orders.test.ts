import {
  CouponsReportAnswer,
  PaymentsReportAnswer,
  ProductsReportAnswer,
  ReturnsReportAnswer,
  SalesReportAnswer,
  StockReportAnswer,
  TaxReportAnswer,
} from '@kapaas/contract';
import { sql } from '@kapaas/db';
import { SeedOrdersRefused, seedOrders } from '@kapaas/db/seed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { rowsOf } from '../../lib/person';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { type SupplyKind, taxAmount, taxOrder } from '../tax';
import { dailyLines, dailyNewCustomers, dailySales } from './aggregates.fixtures';

/**
 * `seed:orders` (packages/db/src/seed/orders.ts) over the test shop: 300 orders in 60 days. Its rows must be what the
 * shop itself writes (each order's lines, tax, invoice and credit notes adding up; returned to origin only a shipped
 * cash-on-delivery parcel; returns only of delivered orders), and every report must find something in them.
 */
const NOW = new Date('2026-11-25T12:00:00Z');
const FROM = '2026-09-27';
const TO = '2026-11-25';
const range = { from: FROM, to: TO };

let shop: TestShop;
let owner: AdminClient;
const admin = adminFixtures(() => shop);
const db = () => shop.database.db;
const query = async <T>(text: ReturnType<typeof sql>) => rowsOf<T>(await db().execute(text));

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  await seedOrders(db(), { orders: 300, days: 60, seed: 7, now: NOW });
}, 120_000);
afterAll(async () => {
  await shop?.close();
});

describe('seed:orders: the rows the shop writes', () => {
  it('wrote 300 orders in the 60 days, and refuses to run a second time', async () => {
    const [row] = await query<{ n: number; first: string; last: string }>(sql`
      SELECT count(*)::int AS n, min(created_at)::text AS first, max(created_at)::text AS last
      FROM orders WHERE address_snapshot->>'email_id' LIKE '%@orders.seed.kapaas.example'`);
    expect(row?.n).toBe(300);
    expect(new Date(row?.first ?? '').getTime()).toBeGreaterThanOrEqual(new Date(`${FROM}T00:00:00+05:30`).getTime());
    expect(new Date(row?.last ?? '').getTime()).toBeLessThan(NOW.getTime());
    await expect(seedOrders(db(), { orders: 10, now: NOW })).rejects.toBeInstanceOf(SeedOrdersRefused);
  });

  it("fills the reports' daily aggregates once at its end, equal to the orders it wrote (ADR 062)", async () => {
    const sales = await dailySales(db());
    expect(sales.raw.length).toBeGreaterThan(30);
    expect(sales.kept).toEqual(sales.raw);
    const lines = await dailyLines(db());
    expect(lines.kept).toEqual(lines.raw);
    const customers = await dailyNewCustomers(db());
    expect(customers.kept).toEqual(customers.raw);
  });

  it('leaves the planner statistics of the tables it filled, as autovacuum would (PGlite has none)', async () => {
    const tables = await query<{ relname: string; reltuples: number }>(sql`
      SELECT relname, reltuples FROM pg_class WHERE relname IN ('orders', 'order_items', 'order_events', 'funnel_counts')`);
    expect(tables).toHaveLength(4);
    expect(tables.filter((table) => table.reltuples <= 0)).toEqual([]);
  });

  it("every order's lines sum to its items total, and its tax lines to its total", async () => {
    const wrong = await query<{ id: number }>(sql`
      SELECT o.id FROM orders o
      WHERE o.address_snapshot->>'email_id' LIKE '%@orders.seed.kapaas.example' AND (
        o.items_total_paise <> (SELECT coalesce(sum(i.line_total_paise), 0) FROM order_items i WHERE i.order_id = o.id)
        OR o.total_paise <> (SELECT coalesce(sum(t.paid_paise), 0) FROM order_tax_lines t WHERE t.order_id = o.id)
        OR NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id))`);
    expect(wrong).toEqual([]);
  });

  it("taxes each order as the tax module does: every line's rate, taxable value and taxes", async () => {
    const orders = await query<{
      id: number;
      kind: SupplyKind;
      discount: number;
      shipping: number;
      cod_fee: number;
      items: { line: number; quantity: number }[];
      taxed: { paid: number; rate: number; taxable: number; cgst: number; sgst: number; utgst: number; igst: number }[];
    }>(sql`
      SELECT o.id, t.supply_kind AS kind, o.discount_paise + o.prepaid_discount_paise AS discount,
        o.shipping_paise AS shipping, o.cod_fee_paise AS cod_fee,
        (SELECT json_agg(json_build_object('line', i.line_total_paise, 'quantity', i.quantity) ORDER BY i.id)
          FROM order_items i WHERE i.order_id = o.id) AS items,
        (SELECT json_agg(json_build_object('paid', l.paid_paise, 'rate', l.rate_percent, 'taxable', l.taxable_paise,
            'cgst', l.cgst_paise, 'sgst', l.sgst_paise, 'utgst', l.utgst_paise, 'igst', l.igst_paise) ORDER BY l.position)
          FROM order_tax_lines l WHERE l.order_id = o.id) AS taxed
      FROM orders o JOIN order_taxes t ON t.order_id = o.id
      WHERE o.address_snapshot->>'email_id' LIKE '%@orders.seed.kapaas.example'`);
    expect(orders).toHaveLength(300);
    expect(new Set(orders.map((o) => o.kind)).size).toBeGreaterThan(1);
    for (const order of orders) {
      const lines = order.items.map((item) => ({ linePaise: item.line, quantity: item.quantity }));
      const expected = taxOrder(lines, order.discount, order.shipping, order.kind);
      const all = [...expected.lines, ...(order.shipping > 0 ? [expected.shipping] : [])];
      if (order.cod_fee > 0) all.push(taxAmount(order.cod_fee, expected.shipping.ratePercent, order.kind));
      const mine = (t: (typeof order.taxed)[number]) => ({
        paidPaise: t.paid,
        ratePercent: t.rate,
        taxablePaise: t.taxable,
        cgstPaise: t.cgst,
        sgstPaise: t.sgst,
        utgstPaise: t.utgst,
        igstPaise: t.igst,
      });
      expect(order.taxed.map(mine), `order ${order.id}`).toEqual(all);
    }
  });

  it('invoices only sold orders, and no credit note gives back more than its invoice, nor differs from its lines', async () => {
    const invoicedUnsold = await query<{ id: number }>(sql`
      SELECT o.id FROM tax_invoices v JOIN orders o ON o.id = v.order_id
      WHERE o.status IN ('pending_payment', 'payment_failed', 'expired', 'cod_pending_confirmation')`);
    expect(invoicedUnsold).toEqual([]);
    const notes = await query<{ id: number }>(sql`
      SELECT c.id FROM credit_notes c
      WHERE c.amount_paise <> (SELECT sum(l.paid_paise) FROM credit_note_lines l WHERE l.credit_note_id = c.id)`);
    expect(notes).toEqual([]);
    const over = await query<{ id: number }>(sql`
      SELECT v.id FROM tax_invoices v
      WHERE (SELECT coalesce(sum(c.amount_paise), 0) FROM credit_notes c WHERE c.invoice_id = v.id)
        > (SELECT sum(t.paid_paise) FROM order_tax_lines t WHERE t.order_id = v.order_id)`);
    expect(over).toEqual([]);
    const [numbers] = await query<{ invoices: number; sequences: number }>(sql`
      SELECT count(*)::int AS invoices, count(DISTINCT (fiscal_year, sequence))::int AS sequences FROM tax_invoices`);
    expect(numbers?.sequences).toBe(numbers?.invoices);
  });

  it('returns to origin only shipped cash-on-delivery parcels, each credited in full', async () => {
    const rto = await query<{ id: number; method: string; shipped: boolean; credited: boolean }>(sql`
      SELECT o.id, o.payment_method AS method,
        EXISTS (SELECT 1 FROM order_events e WHERE e.order_id = o.id AND e.status = 'shipped') AS shipped,
        (SELECT coalesce(sum(c.amount_paise), 0) FROM credit_notes c JOIN tax_invoices v ON v.id = c.invoice_id
          WHERE v.order_id = o.id) = o.total_paise AS credited
      FROM orders o WHERE o.status = 'returned_to_origin'`);
    expect(rto.length).toBeGreaterThan(0);
    expect(rto.filter((o) => o.method !== 'cod' || !o.shipped || !o.credited)).toEqual([]);
  });

  it('asks returns only of delivered orders, after their delivery', async () => {
    const returns = await query<{ id: number; status: string; after: boolean }>(sql`
      SELECT r.id, o.status, r.created_at > (SELECT max(e.created_at) FROM order_events e
        WHERE e.order_id = o.id AND e.status = 'delivered') AS after
      FROM return_requests r JOIN orders o ON o.id = r.order_id`);
    expect(returns.length).toBeGreaterThan(0);
    expect(returns.filter((r) => r.status !== 'delivered' || !r.after)).toEqual([]);
  });

  it('keeps each coupon use, review stat and funnel count as the shop does', async () => {
    const [check] = await query<{ redemptions: number; paid_with_coupon: number; stats: boolean; funnel: number }>(sql`
      SELECT (SELECT count(*)::int FROM coupon_redemptions) AS redemptions,
        (SELECT count(*)::int FROM orders WHERE coupon_id IS NOT NULL
          AND status NOT IN ('pending_payment', 'payment_failed', 'expired', 'cancelled', 'refunded')) AS paid_with_coupon,
        (SELECT coalesce(sum(count), 0) FROM review_stats) = (SELECT count(*) FROM reviews) AS stats,
        (SELECT count(*)::int FROM funnel_counts WHERE views < add_to_carts OR add_to_carts < orders) AS funnel`);
    expect(check?.redemptions).toBe(check?.paid_with_coupon);
    expect(check?.stats).toBe(true);
    expect(check?.funnel).toBe(0);
  });
});

describe('seed:orders: every report finds the history', () => {
  it('sales, payments and coupons have non-zero sections', async () => {
    const sales = SalesReportAnswer.parse(
      // The last weeks: customers of the weeks before come back.
      expectStatus(await owner.get('/reports/sales', { from: '2026-11-01', to: TO, interval: 'week' }), 200),
    ).data;
    expect(Number(sales.totals.revenue)).toBeGreaterThan(0);
    expect(sales.totals.returning_customers).toBeGreaterThan(0);
    expect(sales.series.filter((point) => point.orders > 0).length).toBeGreaterThan(4);
    const payments = PaymentsReportAnswer.parse(expectStatus(await owner.get('/reports/payments', range), 200)).data;
    expect(payments.totals.cod_orders).toBeGreaterThan(0);
    expect(payments.totals.prepaid_orders).toBeGreaterThan(0);
    expect(payments.methods.map((m) => m.paid_by)).toEqual(expect.arrayContaining(['upi', 'card']));
    expect(payments.rto.rto).toBeGreaterThan(0);
    expect(payments.rto.by_state.length).toBeGreaterThan(1);
    const coupons = CouponsReportAnswer.parse(expectStatus(await owner.get('/reports/coupons', range), 200)).data;
    expect(coupons.totals.uses).toBeGreaterThan(0);
  });

  it('products, returns, stock and tax have non-zero sections, and the GST CSV of a month is computed', async () => {
    const products = ProductsReportAnswer.parse(
      expectStatus(await owner.get('/reports/products', { ...range, sort: 'revenue' }), 200),
    ).data;
    const top = products.rows[0];
    expect(top && Number(top.revenue) > 0 && top.views > 0 && top.orders > 0).toBe(true);
    const returns = ReturnsReportAnswer.parse(expectStatus(await owner.get('/reports/returns', range), 200)).data;
    expect(returns.by_reason.reduce((sum, row) => sum + row.units, 0)).toBeGreaterThan(0);
    expect(returns.by_size.length).toBeGreaterThan(0);
    const stock = StockReportAnswer.parse(expectStatus(await owner.get('/reports/stock', range), 200)).data;
    expect(stock.rows.some((row) => row.sold > 0)).toBe(true);
    const tax = TaxReportAnswer.parse(expectStatus(await owner.get('/reports/tax', range), 200)).data;
    expect(Number(tax.totals.total_tax)).toBeGreaterThan(0);
    const csv = await owner.get('/reports/gst.csv', { month: '2026-10' });
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('B2C sales by place of supply and rate');
    expect(csv.body).toContain('Credit notes');
  });
});
