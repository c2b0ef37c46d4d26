/**
 * The GST arithmetic of ADR 032 as the generated order history needs it (`seed:orders`), in integer paise. The tax
 * module (apps/api/src/modules/tax/gst.ts) is the authority and the package boundary keeps this package from importing
 * it; these few functions are written to give exactly its numbers (prices include GST; a line's taxable value plus its
 * taxes is what was paid for it), and the generator's test checks the invoices it writes add up as the tax module's do.
 */

export type SupplyKind = 'intra-state' | 'intra-ut' | 'inter-state';

export interface Taxed {
  paidPaise: number;
  taxablePaise: number;
  ratePercent: number;
  cgstPaise: number;
  sgstPaise: number;
  utgstPaise: number;
  igstPaise: number;
}

/** Garments since 22 September 2025: 5 % up to ₹2,500 a piece before tax, 18 % above (the tax module's GARMENT_RATES). */
const THRESHOLD_PAISE = 250_000;
const LOW = 5;
const HIGH = 18;

export const rateFor = (paidPaise: number, quantity: number) =>
  paidPaise * 100 <= quantity * THRESHOLD_PAISE * (100 + LOW) ? LOW : HIGH;

const roundHalfUp = (n: number, d: number) => Math.floor((2 * n + d) / (2 * d));

/** `paidPaise`, GST included at `ratePercent`, split into its taxable value and taxes (the tax module's taxAmount). */
export function taxAmount(paidPaise: number, ratePercent: number, kind: SupplyKind): Taxed {
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

/** A discount shared over lines by value, largest remainder first: the shares add up to it exactly. */
export function shareDiscount(linePaise: readonly number[], discountPaise: number): number[] {
  const total = linePaise.reduce((sum, value) => sum + value, 0);
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

/**
 * An order's taxed lines (the tax module's priceOrderTax): the discounts shared over the goods by value, each goods
 * line at the rate its value per piece calls for, the shipping and the COD fee at the rate of the principal supply.
 */
export function taxOrderLines(
  lines: readonly { linePaise: number; quantity: number }[],
  discountPaise: number,
  extras: { shippingPaise: number; codFeePaise: number },
  kind: SupplyKind,
): { goods: Taxed[]; principalIndex: number; shipping: Taxed | null; codFee: Taxed | null } {
  const shares = shareDiscount(
    lines.map((line) => line.linePaise),
    discountPaise,
  );
  const goods = lines.map((line, index) => {
    const paid = line.linePaise - (shares[index] ?? 0);
    return taxAmount(paid, rateFor(paid, line.quantity), kind);
  });
  let principalIndex = 0;
  goods.forEach((line, index) => {
    if (line.taxablePaise > (goods[principalIndex] as Taxed).taxablePaise) principalIndex = index;
  });
  const rate = goods[principalIndex]?.ratePercent ?? LOW;
  return {
    goods,
    principalIndex,
    shipping: extras.shippingPaise > 0 ? taxAmount(extras.shippingPaise, rate, kind) : null,
    codFee: extras.codFeePaise > 0 ? taxAmount(extras.codFeePaise, rate, kind) : null,
  };
}

/** The part of one line a credit for `paidPaise` of it reverses: the tax on what was kept before less after. */
export function creditedPart(line: Taxed, keptBeforePaise: number, paidPaise: number, kind: SupplyKind): Taxed {
  const before = taxAmount(keptBeforePaise, line.ratePercent, kind);
  const after = taxAmount(keptBeforePaise - paidPaise, line.ratePercent, kind);
  return {
    paidPaise: before.paidPaise - after.paidPaise,
    taxablePaise: before.taxablePaise - after.taxablePaise,
    ratePercent: line.ratePercent,
    cgstPaise: before.cgstPaise - after.cgstPaise,
    sgstPaise: before.sgstPaise - after.sgstPaise,
    utgstPaise: before.utgstPaise - after.utgstPaise,
    igstPaise: before.igstPaise - after.igstPaise,
  };
}

/** India's financial year (April–March) of an instant: `2026-27` and the digits numbers carry, `2627`. */
export function fiscalYearOf(at: Date): { label: string; digits: string } {
  const day = new Date(at.getTime() + 330 * 60_000).toISOString().slice(0, 10);
  const [year, month] = day.split('-').map(Number) as [number, number];
  const start = month >= 4 ? year : year - 1;
  const two = (n: number) => String(n % 100).padStart(2, '0');
  return { label: `${start}-${two(start + 1)}`, digits: `${two(start)}${two(start + 1)}` };
}

/** `KPS/2627/00042`, or a credit note's `KPS/2627/C0042` (the tax module's documentNumber). */
export function documentNumber(series: 'invoice' | 'credit_note', prefix: string, digits: string, n: number) {
  const serial = series === 'invoice' ? String(n).padStart(5, '0') : `C${String(n).padStart(4, '0')}`;
  return `${prefix}/${digits}/${serial}`;
}
