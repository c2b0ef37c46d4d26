import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type FirstIds, generateOrderHistory, type ShopForOrders } from './orders-generate';
import { placesOf } from './orders-shape';

const NOW = new Date('2026-11-25T12:00:00Z');
const IDS: FirstIds = {
  users: 1,
  guests: 1,
  orders: 1,
  orderItems: 1,
  payments: 1,
  invoices: 1,
  creditNotes: 1,
  returns: 1,
};
const supplier = {
  legal_name: 'Kapaas',
  gstin: '27AAKCK2026P1Z5',
  address: 'Pune',
  state_name: 'Maharashtra',
  state_code: '27',
  signatory: 'M',
  invoice_prefix: 'KPS',
  hsn_digits: 4,
};

/** A small shop: 40 products at prices either side of the 5 %/18 % line, three states, two coupons. */
function shop(): ShopForOrders {
  return {
    products: Array.from({ length: 40 }, (_, i) => ({
      id: i + 1,
      name: `Product ${i + 1}`,
      unitPaise: 29_900 + i * 9_700,
      listPaise: 34_900 + i * 9_700,
      image: '/media/demo.webp',
      hsn: '6111',
      sizes: [
        { sizeId: 1, label: '0-6M' },
        { sizeId: 2, label: '6-12M' },
        { sizeId: 3, label: '1-2Y' },
      ],
    })),
    places: placesOf(
      [
        { name: 'Maharashtra', gstCode: '27', utWithoutLegislature: false, cities: ['Pune'] },
        { name: 'Bihar', gstCode: '10', utWithoutLegislature: false, cities: ['Patna'] },
        { name: 'Chandigarh', gstCode: '04', utWithoutLegislature: true, cities: ['Chandigarh'] },
      ],
      supplier,
    ),
    coupons: [
      {
        id: 1,
        code: 'TEN',
        name: '10%',
        type: 'Percentage',
        amountPaise: 0,
        percentage: 10,
        minOrderPaise: 0,
        maxDiscountPaise: 30_000,
      },
      {
        id: 2,
        code: 'FLAT',
        name: '₹150',
        type: 'Amount',
        amountPaise: 15_000,
        percentage: 0,
        minOrderPaise: 99_900,
        maxDiscountPaise: null,
      },
    ],
    zones: new Map([['local', { chargePaise: 4_900, freeAbovePaise: 99_900 }]]),
    codFeePaise: 4_900,
    prepaid: { percent: 5, maxPaise: 10_000 },
    supplier,
    counters: new Map([['invoice|2026-27', 12]]),
  };
}

const options = (seed: number, orders = 400) => ({
  orders,
  days: 90,
  seed,
  now: NOW,
  passwordHash: 'x',
  emailDomain: 'orders.seed.kapaas.example',
});

const sumBy = <T>(rows: T[], value: (row: T) => number) => rows.reduce((sum, row) => sum + value(row), 0);
type Row = Record<string, number | string | null>;

describe('the generated order history', () => {
  it('is the same for the same seed and differs for another', () => {
    const first = generateOrderHistory(shop(), IDS, options(5));
    expect(generateOrderHistory(shop(), IDS, options(5))).toEqual(first);
    expect(generateOrderHistory(shop(), IDS, options(6)).orders).not.toEqual(first.orders);
  });

  it('adds up, whatever the seed: lines to items, tax lines to totals, credit notes to their lines', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
        const history = generateOrderHistory(shop(), IDS, options(seed, 200));
        expect(history.orders).toHaveLength(200);
        const items = history.order_items as Row[];
        const taxLines = history.order_tax_lines as Row[];
        for (const order of history.orders as Row[]) {
          const mine = items.filter((line) => line.order_id === order.id);
          expect(sumBy(mine, (line) => Number(line.line_total_paise))).toBe(order.items_total_paise);
          const tax = taxLines.filter((line) => line.order_id === order.id);
          expect(sumBy(tax, (line) => Number(line.paid_paise))).toBe(order.total_paise);
          for (const line of tax) {
            const taxes = ['taxable_paise', 'cgst_paise', 'sgst_paise', 'utgst_paise', 'igst_paise'];
            expect(sumBy(taxes, (column) => Number(line[column]))).toBe(line.paid_paise);
          }
          if (order.status === 'returned_to_origin') expect(order.payment_method).toBe('cod');
        }
        const noteLines = history.credit_note_lines as Row[];
        for (const note of history.credit_notes as Row[]) {
          const mine = noteLines.filter((line) => line.credit_note_id === note.id);
          expect(sumBy(mine, (line) => Number(line.paid_paise))).toBe(note.amount_paise);
        }
        // Numbers run on from the shop's counter, consecutively within each financial year.
        const sequences = (history.tax_invoices as Row[])
          .filter((v) => v.fiscal_year === '2026-27')
          .map((v) => v.sequence);
        expect(sequences).toEqual(sequences.map((_, i) => 13 + i));
      }),
      { numRuns: 5 },
    );
  });
});
