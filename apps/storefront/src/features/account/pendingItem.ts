/** The item a shopper was adding when asked to log in (product.md §2: navigation state product_id, size, quantity). */
export interface PendingItem {
  product_id: number;
  /** A size_id (product.md §13). */
  size: number;
  quantity: number;
  /** The "find my size" answer the size was suggested by (ADR 060), carried through the login to the order line. */
  advice_id?: number;
}

function positiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** The item in a page's navigation state, when it carries a whole one; anything else is ignored. */
export function pendingItemFrom(state: unknown): PendingItem | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { product_id, size, quantity, advice_id } = state as Record<string, unknown>;
  if (!positiveInteger(product_id) || !positiveInteger(size) || !positiveInteger(quantity)) return undefined;
  return positiveInteger(advice_id) ? { product_id, size, quantity, advice_id } : { product_id, size, quantity };
}
