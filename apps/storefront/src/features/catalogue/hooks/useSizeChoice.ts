import type { ProductSize } from '@kapaas/contract';
import { useState } from 'react';

/**
 * The size the shopper picked on the product page. Until they pick one, the first size in stock is chosen
 * (product.md §5: the first size is preselected; a sold-out size cannot be bought).
 */
export function useSizeChoice(sizes: readonly ProductSize[]) {
  const [pickedId, setPickedId] = useState<number | null>(null);
  const picked = sizes.find((size) => size.size_id === pickedId && size.in_stock);
  const selected = picked ?? sizes.find((size) => size.in_stock) ?? null;
  return { selected, choose: (size: ProductSize) => setPickedId(size.size_id) };
}
