import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { prepaidDiscountPaise } from '../coupons/prepaid';
import {
  creditNoteLines,
  documentNumber,
  fiscalYearOf,
  GARMENT_RATES,
  rateFor,
  shareDiscount,
  supplyKind,
  type TaxedAmount,
  taxAmount,
  taxOrder,
} from './gst';

const rupees = (value: number) => Math.round(value * 100);
const taxOf = (line: TaxedAmount) => line.cgstPaise + line.sgstPaise + line.utgstPaise + line.igstPaise;

describe('the rate of a piece', () => {
  it('is 5 % up to ₹2,625 a piece (₹2,500 without GST) and 18 % above, the ₹2,625–₹2,950 band included', () => {
    expect(rateFor(rupees(2625), 1, GARMENT_RATES)).toBe(5);
    expect(rateFor(rupees(2625.01), 1, GARMENT_RATES)).toBe(18);
    expect(rateFor(rupees(2800), 1, GARMENT_RATES)).toBe(18);
    expect(rateFor(rupees(2999), 1, GARMENT_RATES)).toBe(18);
    // Per piece: three pieces of ₹2,000 are 5 %, though the line is ₹6,000.
    expect(rateFor(rupees(6000), 3, GARMENT_RATES)).toBe(5);
  });

  it('a ₹2,999 piece is taxed at 18 %, and at 5 % once a coupon brings it under ₹2,625', () => {
    const full = taxOrder([{ linePaise: rupees(2999), quantity: 1 }], 0, 0, 'intra-state');
    expect(full.lines[0]).toMatchObject({ ratePercent: 18, taxablePaise: 254152, cgstPaise: 22874, sgstPaise: 22874 });
    const coupon = taxOrder([{ linePaise: rupees(2999), quantity: 1 }], rupees(500), 0, 'intra-state');
    expect(coupon.lines[0]).toMatchObject({ ratePercent: 5, paidPaise: rupees(2499), taxablePaise: 238000 });
    expect(coupon.lines[0]?.cgstPaise).toBe(5950);
  });
});

describe('which tax', () => {
  it('is CGST + SGST within a state, CGST + UTGST within a UT without a legislature, IGST between two', () => {
    expect(supplyKind('27', '27', false)).toBe('intra-state');
    expect(supplyKind('04', '04', true)).toBe('intra-ut');
    expect(supplyKind('27', '29', false)).toBe('inter-state');
    expect(supplyKind('27', '04', true)).toBe('inter-state');
    expect(taxAmount(rupees(1050), 5, 'inter-state')).toMatchObject({ taxablePaise: 100000, igstPaise: 5000 });
    expect(taxAmount(rupees(1050), 5, 'intra-ut')).toMatchObject({ cgstPaise: 2500, utgstPaise: 2500, sgstPaise: 0 });
  });

  it('keeps CGST equal to SGST when the tax is odd: the paisa stays in the taxable value', () => {
    // ₹1.07 at 5 %: the tax is 5.095 paise; each half rounds to 3 paise, the taxable value is 101 paise.
    expect(taxAmount(107, 5, 'intra-state')).toMatchObject({ taxablePaise: 101, cgstPaise: 3, sgstPaise: 3 });
  });
});

describe('a mixed-rate order with shipping', () => {
  it('takes shipping at the rate of the line with the largest taxable value', () => {
    const order = taxOrder(
      [
        { linePaise: rupees(3200), quantity: 1 },
        { linePaise: rupees(499), quantity: 2 },
      ],
      0,
      rupees(99),
      'inter-state',
    );
    expect(order.lines.map((line) => line.ratePercent)).toEqual([18, 5]);
    expect(order.shipping.ratePercent).toBe(18);
    expect(order.totals.paidPaise).toBe(rupees(3200 + 499 + 99));
  });
});

describe('shareDiscount', () => {
  it('shares in proportion, the remainders to the largest fractions', () => {
    expect(shareDiscount([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(shareDiscount([300, 100], 100)).toEqual([75, 25]);
    expect(shareDiscount([0, 0], 0)).toEqual([0, 0]);
    expect(() => shareDiscount([100], 101)).toThrow(RangeError);
  });
});

/** A cart: up to six lines priced on both sides of ₹2,500, a coupon of up to the whole, shipping, a delivery state. */
const cart = fc
  .record({
    lines: fc.array(
      fc.record({
        unitPaise: fc.oneof(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 240_000, max: 310_000 })),
        quantity: fc.integer({ min: 1, max: 10 }),
      }),
      { minLength: 1, maxLength: 6 },
    ),
    couponShare: fc.double({ min: 0, max: 1, noNaN: true }),
    shippingPaise: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 })),
    kind: fc.constantFrom('intra-state' as const, 'intra-ut' as const, 'inter-state' as const),
  })
  .map(({ lines, couponShare, shippingPaise, kind }) => {
    const priced = lines.map((line) => ({ linePaise: line.unitPaise * line.quantity, quantity: line.quantity }));
    const subtotal = priced.reduce((sum, line) => sum + line.linePaise, 0);
    return { lines: priced, discountPaise: Math.floor(subtotal * couponShare), shippingPaise, kind, subtotal };
  });

describe('the GST of any order (fast-check)', () => {
  it('adds up to the paisa: every line, and lines plus shipping equal the amount charged', () => {
    fc.assert(
      fc.property(cart, ({ lines, discountPaise, shippingPaise, kind, subtotal }) => {
        const order = taxOrder(lines, discountPaise, shippingPaise, kind);
        for (const line of [...order.lines, order.shipping]) {
          expect(line.taxablePaise + taxOf(line)).toBe(line.paidPaise);
          expect(line.taxablePaise).toBeGreaterThanOrEqual(0);
        }
        expect(order.totals.paidPaise).toBe(subtotal - discountPaise + shippingPaise);
        expect(order.totals.taxablePaise + taxOf({ ...order.totals, ratePercent: 0 })).toBe(order.totals.paidPaise);
      }),
      { numRuns: 1500 },
    );
  });

  it('has CGST equal to SGST (or UTGST) on every line within a state, and only IGST between states', () => {
    fc.assert(
      fc.property(cart, ({ lines, discountPaise, shippingPaise, kind }) => {
        const order = taxOrder(lines, discountPaise, shippingPaise, kind);
        for (const line of [...order.lines, order.shipping]) {
          if (kind === 'inter-state') expect(line.cgstPaise + line.sgstPaise + line.utgstPaise).toBe(0);
          else {
            expect(line.igstPaise).toBe(0);
            expect(kind === 'intra-state' ? line.sgstPaise : line.utgstPaise).toBe(line.cgstPaise);
            expect(kind === 'intra-state' ? line.utgstPaise : line.sgstPaise).toBe(0);
          }
        }
      }),
      { numRuns: 1500 },
    );
  });

  it('charges each line within a paisa of the exact tax, at 5 % only while a piece is worth ₹2,500 or less', () => {
    fc.assert(
      fc.property(cart, ({ lines, discountPaise, shippingPaise, kind }) => {
        const order = taxOrder(lines, discountPaise, shippingPaise, kind);
        order.lines.forEach((line, index) => {
          const exact = (line.paidPaise * line.ratePercent) / (100 + line.ratePercent);
          expect(Math.abs(taxOf(line) - exact)).toBeLessThanOrEqual(1);
          const quantity = lines[index]?.quantity ?? 1;
          if (line.ratePercent === 5) expect(line.taxablePaise / quantity).toBeLessThanOrEqual(250_000 + 1);
          else expect(line.paidPaise / quantity).toBeGreaterThan(262_500);
        });
      }),
      { numRuns: 1500 },
    );
  });
});

describe('the GST of any order with the prepaid discount or the COD fee (fast-check, ADR 047)', () => {
  /** How the order is paid: online with the shop's prepaid discount, or cash on delivery with its fee. */
  const paying = fc.oneof(
    fc.record({
      method: fc.constant('online' as const),
      percent: fc.integer({ min: 0, max: 20 }),
      maxPaise: fc.option(fc.integer({ min: 0, max: 200_000 }), { nil: null }),
    }),
    fc.record({ method: fc.constant('cod' as const), codFeePaise: fc.integer({ min: 0, max: 10_000 }) }),
  );

  it('adds up to the paisa: the goods, shipping and fee lines equal the total charged, and the discount lowers the tax', () => {
    fc.assert(
      fc.property(cart, paying, ({ lines, discountPaise, shippingPaise, kind, subtotal }, how) => {
        const prepaid = how.method === 'online' ? prepaidDiscountPaise(subtotal - discountPaise, how) : 0;
        const codFeePaise = how.method === 'cod' ? how.codFeePaise : 0;
        // As order-tax.ts does: the coupon and the prepaid discount shared together, the fee at shipping's rate.
        const order = taxOrder(lines, discountPaise + prepaid, shippingPaise, kind);
        const fee = taxAmount(codFeePaise, order.shipping.ratePercent, kind);
        const all = [...order.lines, order.shipping, fee];
        for (const line of all) {
          expect(line.taxablePaise + taxOf(line)).toBe(line.paidPaise);
          expect(line.taxablePaise).toBeGreaterThanOrEqual(0);
          expect(line.sgstPaise === 0 || line.sgstPaise === line.cgstPaise).toBe(true);
        }
        const charged = subtotal - discountPaise - prepaid + shippingPaise + codFeePaise;
        expect(all.reduce((sum, line) => sum + line.paidPaise, 0)).toBe(charged);
        // GST is on the lower value: no more tax on the goods than without the prepaid discount, but for a paisa a line
        // where the largest remainder hands a line's odd paisa of discount to another line.
        const without = taxOrder(lines, discountPaise, shippingPaise, kind);
        const goodsTax = (o: typeof order) => o.lines.reduce((sum, line) => sum + taxOf(line), 0);
        expect(goodsTax(order)).toBeLessThanOrEqual(goodsTax(without) + lines.length);
      }),
      { numRuns: 1000 },
    );
  });
});

describe('credit notes of any order (fast-check)', () => {
  const refunds = fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { minLength: 1, maxLength: 5 });

  it('each note adds up and keeps CGST equal to SGST; the notes of a whole refund reverse the invoice exactly', () => {
    fc.assert(
      fc.property(cart, refunds, ({ lines, discountPaise, shippingPaise, kind }, cuts) => {
        const order = taxOrder(lines, discountPaise, shippingPaise, kind);
        const invoice = [...order.lines, order.shipping];
        const total = order.totals.paidPaise;
        // Cumulative refunds in increasing order, the last one refunding everything.
        const steps = [...cuts.map((cut) => Math.floor(total * cut)).sort((a, b) => a - b), total];
        const credited = invoice.map(() => ({ ...taxAmount(0, 0, kind) }));
        let before = 0;
        for (const after of steps) {
          if (after <= before) continue;
          const note = creditNoteLines(invoice, kind, before, after);
          expect(note.reduce((sum, line) => sum + line.paidPaise, 0)).toBe(after - before);
          note.forEach((line, index) => {
            expect(line.taxablePaise + taxOf(line)).toBe(line.paidPaise);
            if (kind === 'intra-state') expect(line.sgstPaise).toBe(line.cgstPaise);
            if (kind === 'intra-ut') expect(line.utgstPaise).toBe(line.cgstPaise);
            const sum = credited[index] as TaxedAmount;
            for (const key of [
              'paidPaise',
              'taxablePaise',
              'cgstPaise',
              'sgstPaise',
              'utgstPaise',
              'igstPaise',
            ] as const)
              sum[key] += line[key];
          });
          before = after;
        }
        credited.forEach((sum, index) => {
          const { ratePercent: _rate, ...line } = invoice[index] as TaxedAmount;
          const { ratePercent: _zero, ...reversed } = sum;
          expect(reversed).toEqual(line);
        });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('document numbers', () => {
  it('run within the financial year, April to March in India, in at most 16 characters', () => {
    expect(fiscalYearOf(new Date('2027-03-31T18:29:59Z'))).toEqual({ label: '2026-27', digits: '2627' });
    expect(fiscalYearOf(new Date('2027-03-31T18:30:00Z'))).toEqual({ label: '2027-28', digits: '2728' });
    expect(documentNumber('invoice', 'KPS', '2627', 42)).toBe('KPS/2627/00042');
    expect(documentNumber('credit_note', 'KPS', '2627', 7)).toBe('KPS/2627/C0007');
    expect(documentNumber('invoice', 'ABCD', '2627', 999_999)).toHaveLength(16);
    expect(documentNumber('credit_note', 'ABCD', '2627', 99_999)).toHaveLength(16);
  });
});
