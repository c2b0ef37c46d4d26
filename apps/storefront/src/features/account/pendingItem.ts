/** The item a shopper was adding when asked to log in (product.md §2: navigation state product_id, size, quantity). */
export interface PendingItem {
  product_id: number;
  /** A size_id (product.md §13). */
  size: number;
  quantity: number;
}

function positiveInteger(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value > 0;
}

/** The item in a page's navigation state, when it carries a whole one; anything else is ignored. */
export function pendingItemFrom(state: unknown): PendingItem | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const { product_id, size, quantity } = state as Record<string, unknown>;
  if (!positiveInteger(product_id) || !positiveInteger(size) || !positiveInteger(quantity)) return undefined;
  return { product_id, size, quantity };
}
