import { shopToday } from '../../lib/shop-day';

/**
 * The GST on an order, in integer paise (ADR 032). Prices include GST: each line's taxable value is derived from what
 * was paid for it, and every amount here adds up exactly: a line's taxable value plus its tax is what was paid for it.
 */

/** How garments and made-up textiles are taxed: one rate up to a value per piece, another above it. Data, not code. */
export interface RatesByValue {
  /** The highest taxable value of one piece, in paise, taxed at `lowPercent`. */
  thresholdPaise: number;
  lowPercent: number;
  highPercent: number;
}

/** Chapters 61, 62 and 63 since 22 September 2025: 5 % up to ₹2,500 a piece, 18 % above. */
export const GARMENT_RATES: RatesByValue = { thresholdPaise: 250_000, lowPercent: 5, highPercent: 18 };

/**
 * Which taxes a supply carries, from the shop's state and the delivery state (the place of supply):
 * CGST + SGST within a state, CGST + UTGST within a Union Territory without a legislature, IGST between two.
 */
export type SupplyKind = 'intra-state' | 'intra-ut' | 'inter-state';

export function supplyKind(
  shopStateCode: string,
  deliveryStateCode: string,
  deliveryUtWithoutLegislature: boolean,
): SupplyKind {
  if (shopStateCode !== deliveryStateCode) return 'inter-state';
  return deliveryUtWithoutLegislature ? 'intra-ut' : 'intra-state';
}

/** One taxed line (or the shipping): what was paid, split into the taxable value and the taxes, all in paise. */
export interface TaxedAmount {
  paidPaise: number;
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  utgstPaise: number;
  igstPaise: number;
}

/**
 * The rate of a line: the low rate while one piece's value without GST stays within the threshold, that is while
 * paid ≤ quantity × threshold × (100 + low) / 100 (₹2,625 a piece at 5 %). Above, the high rate, including the
 * ₹2,625–₹2,950 band where neither rate is self-consistent (ADR 032, rule 4).
 */
export function rateFor(paidPaise: number, quantity: number, rates: RatesByValue): number {
  return paidPaise * 100 <= quantity * rates.thresholdPaise * (100 + rates.lowPercent)
    ? rates.lowPercent
    : rates.highPercent;
}

/** n / d rounded half up, for non-negative integers. */
function roundHalfUp(n: number, d: number): number {
  return Math.floor((2 * n + d) / (2 * d));
}

/**
 * Splits `paidPaise`, which includes GST at `ratePercent`, into its taxable value and taxes. Within a state each half
 * is rounded half up and CGST equals SGST (or UTGST); an odd paisa stays in the taxable value.
 */
export function taxAmount(paidPaise: number, ratePercent: number, kind: SupplyKind): TaxedAmount {
  const base = { paidPaise, ratePercent, cgstPaise: 0, sgstPaise: 0, utgstPaise: 0, igstPaise: 0 };
  if (kind === 'inter-state') {
    const igstPaise = roundHalfUp(paidPaise * ratePercent, 100 + ratePercent);
    return { ...base, taxablePaise: paidPaise - igstPaise, igstPaise };
  }
  const half = roundHalfUp(paidPaise * ratePercent, 2 * (100 + ratePercent));
  return {
    ...base,
    taxablePaise: paidPaise - 2 * half,
    cgstPaise: half,
    sgstPaise: kind === 'intra-state' ? half : 0,
    utgstPaise: kind === 'intra-ut' ? half : 0,
  };
}

/**
 * Shares `discountPaise` over the lines in proportion to their value, by the largest remainder: the shares add up to
 * the discount exactly, and no line gets more than its value.
 */
export function shareDiscount(linePaise: readonly number[], discountPaise: number): number[] {
  const total = linePaise.reduce((sum, value) => sum + value, 0);
  if (discountPaise < 0 || discountPaise > total) throw new RangeError('A discount must be between 0 and the lines');
  if (total === 0) return linePaise.map(() => 0);
  const shares = linePaise.map((value) => Math.floor((value * discountPaise) / total));
  const order = linePaise
    .map((value, index) => ({ index, remainder: (value * discountPaise) % total }))
    .sort((a, b) => b.remainder - a.remainder || a.index - b.index);
  let left = discountPaise - shares.reduce((sum, share) => sum + share, 0);
  for (const { index } of order) {
    if (left === 0) break;
    shares[index] = (shares[index] ?? 0) + 1;
    left -= 1;
  }
  return shares;
}

export interface OrderLineToTax {
  /** The line's price before the coupon: unit price × quantity, in paise, GST included. */
  linePaise: number;
  quantity: number;
}

export interface TaxedOrder {
  lines: TaxedAmount[];
  /** The line of the principal supply, whose rate the shipping takes (-1 when there are no lines). */
  principalIndex: number;
  shipping: TaxedAmount;
  totals: Omit<TaxedAmount, 'ratePercent'>;
}

/**
 * The GST of a whole order: the coupon shared over the lines, each line at the rate its value per piece after the
 * coupon calls for, and the shipping at the rate of the principal supply (the line of the largest taxable value;
 * ADR 032, rule 6). What the totals add up to is exactly what the shopper pays.
 */
export function taxOrder(
  lines: readonly OrderLineToTax[],
  discountPaise: number,
  shippingPaise: number,
  kind: SupplyKind,
  rates: RatesByValue = GARMENT_RATES,
): TaxedOrder {
  const shares = shareDiscount(
    lines.map((line) => line.linePaise),
    discountPaise,
  );
  const taxed = lines.map((line, index) => {
    const paid = line.linePaise - (shares[index] ?? 0);
    return taxAmount(paid, rateFor(paid, line.quantity, rates), kind);
  });
  const principalIndex = taxed.reduce(
    (best, line, index) => (best < 0 || line.taxablePaise > (taxed[best] as TaxedAmount).taxablePaise ? index : best),
    -1,
  );
  const principal = taxed[principalIndex];
  const shipping = taxAmount(shippingPaise, principal?.ratePercent ?? rates.lowPercent, kind);
  const all = [...taxed, shipping];
  const sum = (key: keyof Omit<TaxedAmount, 'ratePercent'>) => all.reduce((total, line) => total + line[key], 0);
  return {
    lines: taxed,
    principalIndex,
    shipping,
    totals: {
      paidPaise: sum('paidPaise'),
      taxablePaise: sum('taxablePaise'),
      cgstPaise: sum('cgstPaise'),
      sgstPaise: sum('sgstPaise'),
      utgstPaise: sum('utgstPaise'),
      igstPaise: sum('igstPaise'),
    },
  };
}

/** What is left of each taxed line once `creditedPaise` of their sum has been given back, shared by value. */
function keptLines(lines: readonly TaxedAmount[], creditedPaise: number, kind: SupplyKind): TaxedAmount[] {
  const shares = shareDiscount(
    lines.map((line) => line.paidPaise),
    creditedPaise,
  );
  return lines.map((line, index) => taxAmount(line.paidPaise - (shares[index] ?? 0), line.ratePercent, kind));
}

/**
 * The lines of a credit note that takes the credited sum of an invoice from `beforePaise` to `afterPaise` (ADR 032,
 * rule 9). The refund is shared over the invoice's lines by value and each line's tax reversed at its own rate. Each
 * note is the difference between what the shop kept before and after it, so however many notes an invoice gets, the
 * invoice less its notes is exactly the tax on what the shop kept, and a whole refund reverses it to the paisa.
 */
export function creditNoteLines(
  lines: readonly TaxedAmount[],
  kind: SupplyKind,
  beforePaise: number,
  afterPaise: number,
): TaxedAmount[] {
  const before = keptLines(lines, beforePaise, kind);
  const after = keptLines(lines, afterPaise, kind);
  return before.map((kept, index) => {
    const now = after[index] as TaxedAmount;
    return {
      paidPaise: kept.paidPaise - now.paidPaise,
      taxablePaise: kept.taxablePaise - now.taxablePaise,
      ratePercent: kept.ratePercent,
      cgstPaise: kept.cgstPaise - now.cgstPaise,
      sgstPaise: kept.sgstPaise - now.sgstPaise,
      utgstPaise: kept.utgstPaise - now.utgstPaise,
      igstPaise: kept.igstPaise - now.igstPaise,
    };
  });
}

/** The financial year (April to March, in India) of an instant: its label and the four digits numbers carry. */
export function fiscalYearOf(at: Date): { label: string; digits: string } {
  const [year, month] = shopToday(at).split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return { label: `${start}-${two(start + 1)}`, digits: `${two(start)}${two(start + 1)}` };
}

/**
 * An invoice number (`KPS/2627/00042`) or a credit note number (`KPS/2627/C0042`): the shop's prefix of at most four
 * characters, the financial year, and the number within it. At most 16 characters up to 999,999 invoices or 99,999
 * credit notes a year.
 */
export function documentNumber(series: 'invoice' | 'credit_note', prefix: string, fiscalDigits: string, n: number) {
  const serial = series === 'invoice' ? String(n).padStart(5, '0') : `C${String(n).padStart(4, '0')}`;
  return `${prefix}/${fiscalDigits}/${serial}`;
}
