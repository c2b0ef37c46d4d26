/**
 * What one piece of each kind weighs as packed (grams, least and most), by the demo shop's subcategory slugs: children's
 * organic-cotton clothing and bedding, weighed folded in its paper sleeve. A courier order adds these up (issue 33).
 */
export const PIECE_WEIGHT_RANGES: Readonly<Record<string, readonly [number, number]>> = {
  'newborn-jhablas': [80, 120],
  'newborn-bodysuits': [90, 140],
  'newborn-gift-sets': [350, 600],
  'wrap-tops': [80, 130],
  kurtas: [110, 170],
  tees: [100, 150],
  'sleeveless-rompers': [120, 180],
  'full-sleeve-onesies': [140, 190],
  dungarees: [180, 260],
  'night-suits': [200, 300],
  'sleeping-bags': [350, 550],
  sleepsuits: [150, 220],
  'harem-pants': [100, 150],
  shorts: [70, 110],
  joggers: [130, 190],
  leggings: [90, 140],
  frocks: [140, 220],
  'smocked-dresses': [160, 240],
  pinafores: [150, 220],
  'kurta-pyjama-sets': [220, 320],
  'co-ord-sets': [220, 320],
  'top-shorts-sets': [180, 260],
  'muslin-swaddles': [110, 200],
  dohars: [500, 900],
  quilts: [700, 1200],
  bibs: [30, 60],
  'caps-mittens': [25, 50],
  'burp-cloths': [60, 120],
  'cot-sheets': [250, 400],
  pillows: [150, 300],
  'bedding-sets': [800, 1400],
};

/** FNV-1a: a small, stable hash, so that a product's weight depends on its slug only and never on the run. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/**
 * One piece's weight for a product of this subcategory: within its kind's range, in steps of 5 g, the same for the same
 * slug every time. null for a subcategory the demo shop does not have: the shop's default weight per piece applies.
 */
export function pieceWeightGrams(subcategorySlug: string, productSlug: string): number | null {
  const range = PIECE_WEIGHT_RANGES[subcategorySlug];
  if (!range) return null;
  const [least, most] = range;
  const steps = Math.floor((most - least) / 5);
  return least + 5 * (hash(productSlug) % (steps + 1));
}
