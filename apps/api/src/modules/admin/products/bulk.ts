import { type AdminBulkAction, type AdminBulkOutcome, formatPaise } from '@kapaas/contract';

/*
 * The arithmetic of a bulk edit (ADR 065), apart from the database so that every rule is tested on its own: one
 * product's state in, its outcome and its state after out. Money is integer paise; a new price is a whole number of
 * rupees, never below ₹1.
 */

/** One size of a product as a bulk edit sees it: `reserved` is held by unpaid orders. */
export interface BulkSize {
  sizeId: number;
  label: string;
  stock: number;
  reserved: number;
}

/** What a bulk edit may change of one product. */
export interface BulkState {
  pricePaise: number;
  discountPricePaise: number | null;
  categoryId: number;
  subcategoryId: number;
  status: 'active' | 'archived';
  sizes: BulkSize[];
}

export interface BulkResult {
  outcome: AdminBulkOutcome;
  reason: string | null;
  after: BulkState;
}

/** The highest price the product editor takes (RupeeAmount's ₹1,00,00,000). */
export const MAX_PRICE_PAISE = 1_000_000_000;
const ONE_RUPEE = 100;

/** numerator / denominator rounded half up, for numerator ≥ 0 and denominator > 0 (integers, exact). */
const roundHalfUp = (numerator: number, denominator: number) =>
  Math.floor((2 * numerator + denominator) / (2 * denominator));

/** Paise rounded to the nearest whole rupee (half a rupee up), in paise; a negative amount is 0. */
export const toWholeRupee = (paise: number) => (paise <= 0 ? 0 : roundHalfUp(paise, ONE_RUPEE) * ONE_RUPEE);

/**
 * The price after a change of `percent` (two decimals at most), rounded to the rupee and at least ₹1. Computed in
 * integers: the percentage in hundredths, so that 12.5 % of ₹999 is exactly ₹124.875 before rounding.
 */
export function pricePlusPercent(pricePaise: number, percent: number): number {
  const hundredths = Math.round(percent * 100);
  const scaled = pricePaise * (10_000 + hundredths);
  return Math.max(ONE_RUPEE, roundHalfUp(scaled, 10_000 * ONE_RUPEE) * ONE_RUPEE);
}

/** The price after adding `rupees` (negative lowers it), rounded to the rupee and at least ₹1. */
export const pricePlusRupees = (pricePaise: number, rupees: number): number =>
  Math.max(ONE_RUPEE, toWholeRupee(pricePaise + rupees * ONE_RUPEE));

const keep = (before: BulkState): BulkResult => ({ outcome: 'unchanged', reason: null, after: before });
const refuse = (before: BulkState, reason: string): BulkResult => ({ outcome: 'refused', reason, after: before });
const change = (after: BulkState): BulkResult => ({ outcome: 'change', reason: null, after });

/** A new list price; the discount price is kept, and the row refused when it would no longer be below the price. */
function newPrice(before: BulkState, pricePaise: number): BulkResult {
  if (pricePaise === before.pricePaise) return keep(before);
  if (pricePaise > MAX_PRICE_PAISE) {
    return refuse(before, `The new price ${formatPaise(pricePaise)} is above the most a price may be, ₹1,00,00,000.`);
  }
  const discount = before.discountPricePaise;
  if (discount !== null && discount >= pricePaise) {
    return refuse(
      before,
      `Its discount price ${formatPaise(discount)} would not be below the new price ${formatPaise(pricePaise)}: ` +
        'change or clear the discount first.',
    );
  }
  return change({ ...before, pricePaise });
}

/** A discount price of so much off the list price, rounded to the rupee; refused unless it is ₹1 or more and below. */
function newDiscount(before: BulkState, off: { percent?: number | undefined; rupees?: number | undefined }) {
  const price = before.pricePaise;
  const discount =
    off.percent === undefined
      ? toWholeRupee(price - (off.rupees ?? 0) * ONE_RUPEE)
      : roundHalfUp(price * (100 - off.percent), 100 * ONE_RUPEE) * ONE_RUPEE;
  const what = off.percent === undefined ? `₹${off.rupees} off` : `${off.percent} % off`;
  if (discount < ONE_RUPEE) return refuse(before, `${what} leaves less than ₹1 of its price ${formatPaise(price)}.`);
  if (discount >= price) {
    return refuse(before, `${what} ${formatPaise(price)}, rounded to the rupee, is not below the price.`);
  }
  if (discount === before.discountPricePaise) return keep(before);
  return change({ ...before, discountPricePaise: discount });
}

function newCategory(before: BulkState, categoryId: number, subcategoryId: number | undefined): BulkResult {
  const subcategory = subcategoryId ?? (before.categoryId === categoryId ? before.subcategoryId : undefined);
  if (subcategory === undefined) {
    return refuse(before, 'Its subcategory belongs to its present category: choose a subcategory of the new one.');
  }
  if (before.categoryId === categoryId && before.subcategoryId === subcategory) return keep(before);
  return change({ ...before, categoryId, subcategoryId: subcategory });
}

/** The stock of the sizes the product sells; a size it does not sell is not added, and none may go below reserved. */
function newStock(before: BulkState, wanted: { size_id: number; stock: number }[]): BulkResult {
  const stockOf = new Map(wanted.map((size) => [size.size_id, size.stock]));
  const short = before.sizes.filter((size) => (stockOf.get(size.sizeId) ?? size.stock) < size.reserved);
  if (short.length > 0) {
    const detail = short.map((size) => `${size.label}: ${size.reserved} held by unpaid orders`).join('; ');
    return refuse(before, `Stock cannot go below what unpaid orders hold (${detail}).`);
  }
  const sizes = before.sizes.map((size) => ({ ...size, stock: stockOf.get(size.sizeId) ?? size.stock }));
  if (sizes.every((size, i) => size.stock === before.sizes[i]?.stock)) return keep(before);
  return change({ ...before, sizes });
}

function newStatus(before: BulkState, status: BulkState['status']): BulkResult {
  return before.status === status ? keep(before) : change({ ...before, status });
}

/** What the action makes of one product. References (category, sizes) are checked before, for the whole request. */
export function bulkResult(before: BulkState, action: AdminBulkAction): BulkResult {
  switch (action.kind) {
    case 'price_percent':
      return newPrice(before, pricePlusPercent(before.pricePaise, action.percent));
    case 'price_amount':
      return newPrice(before, pricePlusRupees(before.pricePaise, action.rupees));
    case 'set_discount':
      return newDiscount(before, action);
    case 'clear_discount':
      return before.discountPricePaise === null ? keep(before) : change({ ...before, discountPricePaise: null });
    case 'move_category':
      return newCategory(before, action.category_id, action.subcategory_id);
    case 'set_stock':
      return newStock(before, action.sizes);
    case 'archive':
      return newStatus(before, 'archived');
    case 'restore':
      return newStatus(before, 'active');
  }
}
