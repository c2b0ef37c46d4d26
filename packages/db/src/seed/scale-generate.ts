/**
 * Builds the rows of a large generated catalogue from a seeded random stream: pure, so the same
 * seed and shop always give the same products. The database side is in `scale.ts`.
 */
import { pieceWeightGrams } from './data/weights';
import {
  CLOSURE_DETAILS,
  COLOURS,
  DESCRIPTION_CLOSERS,
  DESCRIPTION_OPENERS,
  DYE_DETAILS,
  FABRICS,
  FIT_DETAILS,
  GARMENTS,
  PLAIN_SENTENCES,
  PRINT_SENTENCES,
  PRINTS,
  WASH,
} from './scale-vocabulary';

/** mulberry32: a small, fast 32-bit PRNG; returns floats in [0, 1). */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The parts of the shop the generated products hang off, as ids read from its database. */
export interface ShopShape {
  /** Categories with at least one subcategory, in the shop's order. */
  categories: { id: number; slug: string; name: string; subcategories: { id: number; slug: string; name: string }[] }[];
  /** Size ids in display order. */
  sizeIds: number[];
  patternIds: Map<string, number>;
  genderIds: number[];
  /** Demo product image URLs by subcategory slug, each list one demo product's images in order. */
  imagesBySubcategory: Map<string, string[][]>;
  /** Every demo product's images, for a subcategory the demo shop has no product in. */
  allImages: string[][];
}

export interface GeneratedProduct {
  slug: string;
  name: string;
  categoryId: number;
  subcategoryId: number;
  description: string;
  productDetails: string;
  washCare: string;
  pricePaise: number;
  discountPricePaise: number | null;
  patternId: number | null;
  genderId: number | null;
  /** Its subcategory's weight per piece (from the slug, so the random stream is not drawn from); null: the default. */
  weightGrams: number | null;
  createdAt: Date;
  sizes: { sizeId: number; stock: number }[];
  images: string[];
}

/** The share of generated products that go to the one heavy category. */
export const HEAVY_SHARE = 0.25;
/** The demo shop's category that holds a quarter of the products, when the shop has it. */
export const HEAVY_CATEGORY_SLUG = 'rompers-onesies';
const SPAN_MS = 2 * 365 * 86_400_000;
const TIME_STREAM = 0x5eed_7143;

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
const between = (random: Random, low: number, high: number) => low + Math.floor(random() * (high - low + 1));

export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/&/g, 'and')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The category that takes a quarter of the products: Rompers & Onesies when present, else the first. */
export function heavyCategory(shop: ShopShape): ShopShape['categories'][number] {
  const category = shop.categories.find((c) => c.slug === HEAVY_CATEGORY_SLUG) ?? shop.categories[0];
  if (!category) throw new Error('The shop has no category with a subcategory to put products in');
  return category;
}

/** A seeded permutation of 0 … n−1 (Fisher–Yates), so creation times are distinct but not in id order. */
function permutation(random: Random, n: number): Int32Array {
  const slots = new Int32Array(n);
  for (let i = 0; i < n; i++) slots[i] = i;
  for (let i = n - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    const swap = slots[i] as number;
    slots[i] = slots[j] as number;
    slots[j] = swap;
  }
  return slots;
}

/** Whole rupees 249 … 3,499 ending in 9, and about a third discounted by 10–40 %, also ending in 9. */
function prices(random: Random): { pricePaise: number; discountPricePaise: number | null } {
  const rupees = 249 + 10 * between(random, 0, 325);
  if (random() >= 1 / 3) return { pricePaise: rupees * 100, discountPricePaise: null };
  const off = 0.1 + random() * 0.3;
  let discount = Math.floor((rupees * (1 - off)) / 10) * 10 + 9;
  if (discount >= rupees) discount = rupees - 10;
  return { pricePaise: rupees * 100, discountPricePaise: discount * 100 };
}

/** 3–5 consecutive sizes; about one in seven sold out, the rest 1–40 on the shelf. */
function sizeRun(random: Random, sizeIds: number[]): { sizeId: number; stock: number }[] {
  const length = Math.min(between(random, 3, 5), sizeIds.length);
  const start = between(random, 0, sizeIds.length - length);
  return sizeIds.slice(start, start + length).map((sizeId) => ({
    sizeId,
    stock: random() < 1 / 7 ? 0 : between(random, 1, 40),
  }));
}

function fill(template: string, words: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_, key: string) => words[key] ?? '');
}

function texts(random: Random, garment: string, colour: string, print: string, fabric: (typeof FABRICS)[number]) {
  const words = { garment: garment.toLowerCase(), colour: colour.toLowerCase(), print: print.toLowerCase() };
  const description = [
    fill(pick(random, DESCRIPTION_OPENERS), words),
    fill(print ? pick(random, PRINT_SENTENCES) : pick(random, PLAIN_SENTENCES), words),
    pick(random, DESCRIPTION_CLOSERS),
  ].join(' ');
  const productDetails = [
    fabric.detail,
    pick(random, DYE_DETAILS),
    pick(random, CLOSURE_DETAILS),
    pick(random, FIT_DETAILS),
  ].join('\n');
  return { description, productDetails, washCare: WASH[fabric.wash] };
}

/**
 * Generates `count` products in order, drawing from one random stream seeded with `seed`.
 * Slugs end in `firstOrdinal + i`, which the caller picks so that they are new to the shop.
 */
export function* generateProducts(
  shop: ShopShape,
  options: { count: number; seed: number; now: Date; firstOrdinal: number },
): Generator<GeneratedProduct> {
  const random = mulberry32(options.seed);
  const heavy = heavyCategory(shop);
  const others = shop.categories.filter((c) => c !== heavy);
  // The times draw from a stream of their own, so that the products themselves do not depend on
  // the count: a shorter run with the same seed gives the first products of a longer one.
  const slots = permutation(mulberry32(options.seed ^ TIME_STREAM), options.count);
  const step = SPAN_MS / Math.max(options.count, 1);
  for (let i = 0; i < options.count; i++) {
    const category = others.length === 0 || random() < HEAVY_SHARE ? heavy : pick(random, others);
    const subcategory = pick(random, category.subcategories);
    const garment = pick(random, GARMENTS[subcategory.slug] ?? [subcategory.name]);
    const colour = pick(random, COLOURS);
    const print = pick(random, PRINTS);
    const fabric = pick(random, FABRICS);
    const name = [colour, print.words, fabric.word, garment].filter(Boolean).join(' ');
    const demoImages = pick(random, shop.imagesBySubcategory.get(subcategory.slug) ?? shop.allImages);
    const images = demoImages.slice(0, between(random, 1, Math.min(3, demoImages.length)));
    // Each product owns one slot of the two years; a jitter inside it keeps the times distinct.
    const ago = ((slots[i] as number) + 0.1 + random() * 0.8) * step;
    const slug = `${slugify(name)}-${options.firstOrdinal + i}`;
    yield {
      slug,
      name,
      categoryId: category.id,
      subcategoryId: subcategory.id,
      ...texts(random, garment, colour, print.words, fabric),
      ...prices(random),
      patternId: shop.patternIds.get(print.pattern) ?? null,
      genderId: shop.genderIds.length ? pick(random, shop.genderIds) : null,
      weightGrams: pieceWeightGrams(subcategory.slug, slug),
      createdAt: new Date(options.now.getTime() - Math.round(ago)),
      sizes: sizeRun(random, shop.sizeIds),
      images,
    };
  }
}
