/** Small builders that keep the catalogue files short and their sizes always valid. */
import type { SeedProduct, SizeLabel } from './types';
import { SIZE_LABELS } from './types';

/** Multi-line product text is stored with \n; writing it as a list keeps each fact on its own line here too. */
export function lines(...parts: string[]): string {
  return parts.join('\n');
}

/**
 * A contiguous run of sizes starting at `first`, one per stock figure, so a
 * product can never skip a size or list them out of order.
 */
export function sizes(first: SizeLabel, stock: number[]): SeedProduct['sizes'] {
  const start = SIZE_LABELS.indexOf(first);
  return stock.map((count, i) => {
    const size = SIZE_LABELS[start + i];
    if (size === undefined) {
      throw new Error(`Size run from ${first} with ${stock.length} sizes runs past ${SIZE_LABELS.at(-1)}`);
    }
    return { size, stock: count };
  });
}

/** Care labels shared by products of the same cloth, worded once so they never drift apart. */
export const WASH = {
  mulmul: lines(
    'Gentle machine wash cold (30°C), inside out',
    'Wash with similar colours; natural dyes may release a little colour in the first washes',
    'Mild, bleach-free detergent only',
    'Dry in shade; warm iron on the reverse',
  ),
  knit: lines(
    'Machine wash cold on a gentle cycle',
    'Do not bleach or tumble dry',
    'Dry flat in shade to keep the shape',
    'Iron on low heat if needed, never over prints',
  ),
  blockPrint: lines(
    'Hand wash separately in cold water for the first two washes',
    'Use a mild, pH-neutral detergent; no bleach',
    'Do not soak, wring or scrub the print',
    'Dry inside out in shade; iron on the reverse',
  ),
  woven: lines(
    'Machine wash cold with similar colours',
    'No bleach; mild detergent',
    'Line dry in shade',
    'Warm iron; steam the smocking or pleats rather than pressing flat',
  ),
  muslin: lines(
    'Machine wash cold before first use; it softens with every wash',
    'No bleach or fabric softener',
    'Tumble dry low or dry in shade',
    'No need to iron: the crinkle is part of the weave',
  ),
  quilted: lines(
    'Machine wash cold on a delicate cycle, on its own',
    'Do not bleach or dry clean',
    'Line dry in shade, supporting its full weight',
    'Do not iron over the quilting',
  ),
  accessory: lines(
    'Machine wash cold in a laundry bag',
    'Mild detergent, no bleach',
    'Dry in shade',
    'Do not iron over snaps or appliqué',
  ),
  bedding: lines(
    'Machine wash warm (40°C) with similar colours',
    'No bleach; mild detergent',
    'Tumble dry low or line dry in shade',
    'Warm iron if needed',
  ),
} as const;
