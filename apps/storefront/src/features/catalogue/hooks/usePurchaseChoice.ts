import type { ProductSize } from '@kapaas/contract';
import { useState } from 'react';
import { useSizeChoice } from './useSizeChoice';

/** A quantity the shopper may buy of a size: a whole number from 1 to that size's max_quantity (product.md §5, §9). */
export function clampQuantity(quantity: number, max: number): number {
  const whole = Number.isFinite(quantity) ? Math.floor(quantity) : 1;
  return Math.min(Math.max(1, whole), Math.max(1, max));
}

/**
 * The size and quantity chosen on the product page. The first size in stock starts chosen; the quantity starts at
 * 1, never leaves 1..max_quantity of the chosen size, and is brought down when a size with less stock is chosen.
 */
export function usePurchaseChoice(sizes: readonly ProductSize[]) {
  const { selected, choose } = useSizeChoice(sizes);
  const [wanted, setWanted] = useState(1);
  const max = selected?.max_quantity ?? 0;
  const quantity = clampQuantity(wanted, max);

  return {
    size: selected,
    chooseSize: (size: ProductSize) => {
      choose(size);
      setWanted((current) => clampQuantity(current, size.max_quantity));
    },
    quantity,
    /** The most the shopper may take of the chosen size; 0 when every size is sold out. */
    max,
    setQuantity: (next: number) => setWanted(clampQuantity(next, max)),
  };
}
