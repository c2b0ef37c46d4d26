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
  const principal = taxed.reduce<TaxedAmount | undefined>(
    (best, line) => (best === undefined || line.taxablePaise > best.taxablePaise ? line : best),
    undefined,
  );
  const shipping = taxAmount(shippingPaise, principal?.ratePercent ?? rates.lowPercent, kind);
  const all = [...taxed, shipping];
  const sum = (key: keyof Omit<TaxedAmount, 'ratePercent'>) => all.reduce((total, line) => total + line[key], 0);
  return {
    lines: taxed,
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
