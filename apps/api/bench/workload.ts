import { mulberry32 } from '@kapaas/db/seed';
import type { HttpClient } from './http';
import type { LoadCall } from './load';

/** A product as the listings show it (the fields the benchmark reads). */
interface Card {
  product_id: number;
  name: string;
  price: number;
  category_id: number;
}
interface Listing {
  product: Card[];
  total?: number;
}
interface CategoryList {
  category: { category_id: number; category_name: string; subcategory: { subcategory_name: string }[] }[];
}

/** What the benchmark learnt about a running shop's catalogue before measuring it. */
export interface Catalogue {
  /** The category with the most products, and how many it holds. */
  biggest: { id: number; products: number };
  /** Distinct product ids seen in the listings, spread over the categories. */
  productIds: number[];
  /** Distinct search queries made of the catalogue's own words. */
  queries: string[];
  sizeIds: number[];
}

/** A measured catalogue call: its row name and what the load sends. */
export interface NamedCall extends LoadCall {
  name: string;
  /** Whether the listing targets (≤ 40 KB, p99 ≤ 10 ms) apply. */
  listing: boolean;
  /** Whether the search target applies. */
  search: boolean;
}

const MAX_QUERIES = 3_000;
const MAX_PRODUCT_IDS = 500;

/** Reads the catalogue through the storefront's own calls: categories, their listings, the sizes. */
export async function discoverCatalogue(client: HttpClient, seed: number): Promise<Catalogue> {
  const { category } = await client.post<CategoryList>('/api/category_list');
  const cards: Card[] = [];
  let biggest = { id: 0, products: -1 };
  for (const { category_id } of category) {
    const listing = await client.post<Listing>('/api/category_product_list', { category_id });
    const products = listing.total ?? listing.product.length;
    if (products > biggest.products) biggest = { id: category_id, products };
    cards.push(...listing.product);
    if (listing.total !== undefined && listing.total > listing.product.length) {
      const more = await client.send('POST', '/api/category_product_list', { category_id, page: 2, per_page: 96 });
      if (more.status === 200) cards.push(...(JSON.parse(more.text) as Listing).product);
    }
  }
  if (biggest.id === 0) throw new Error('the shop has no categories');
  const names = [
    ...cards.map((card) => card.name),
    ...category.flatMap((c) => [c.category_name, ...c.subcategory.map((s) => s.subcategory_name)]),
  ];
  const sizes = await client.post<{ sizes: { size_id: number }[] }>('/api/size');
  return {
    biggest,
    productIds: spread([...new Set(cards.map((card) => card.product_id))], MAX_PRODUCT_IDS, seed),
    queries: searchQueries(names, seed),
    sizeIds: sizes.sizes.map((size) => size.size_id),
  };
}

/** The catalogue calls the benchmark measures, in the order it measures them. */
export function catalogueCalls(catalogue: Catalogue): NamedCall[] {
  const big = catalogue.biggest.id;
  const call = (name: string, path: string, bodies: unknown[], kind: 'listing' | 'search' | 'other' = 'other') => ({
    name,
    path: `/api/${path}`,
    bodies,
    listing: kind === 'listing',
    search: kind === 'search',
  });
  return [
    call('category_list', 'category_list', [{}]),
    call('featured_product_list', 'featured_product_list', [{}]),
    call(
      'product_detail',
      'product_detail',
      catalogue.productIds.map((product_id) => ({ product_id })),
    ),
    call('category_product_list p1', 'category_product_list', [{ category_id: big, page: 1 }], 'listing'),
    call(
      'category_product_list p2/96',
      'category_product_list',
      [{ category_id: big, page: 2, per_page: 96 }],
      'listing',
    ),
    call(
      'sort_filter',
      'sort_filter',
      [1, 2, 3].map((sort_id) => ({ category_id: big, sort_id, page: 1 })),
      'listing',
    ),
    call(
      'filter',
      'filter',
      catalogue.sizeIds.map((size_id) => ({ category_id: [big], size_id, page: 1 })),
      'listing',
    ),
    call(
      'search_key_word',
      'search_key_word',
      catalogue.queries.map((key_word) => ({ key_word })),
      'search',
    ),
  ];
}

/**
 * Distinct queries a shopper might type, built from the catalogue's own words: single words, the
 * start of a word (typing in progress), adjacent pairs and triples of a name, and pairs across names.
 * More of them than the shop's answer cache keeps, so that a cached answer cannot hide the work.
 */
export function searchQueries(names: string[], seed: number): string[] {
  const random = mulberry32(seed);
  const phrases = names.map((name) =>
    name
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3),
  );
  const words = [...new Set(phrases.flat())];
  const queries = new Set<string>();
  for (const word of words) {
    queries.add(word);
    if (word.length >= 5) queries.add(word.slice(0, Math.ceil(word.length * 0.6)));
  }
  for (const phrase of phrases) {
    for (let i = 0; i + 1 < phrase.length && queries.size < MAX_QUERIES; i++) {
      queries.add(`${phrase[i]} ${phrase[i + 1]}`);
      if (i + 2 < phrase.length) queries.add(`${phrase[i]} ${phrase[i + 1]} ${phrase[i + 2]}`);
    }
  }
  for (let tries = 0; queries.size < MAX_QUERIES && words.length > 1 && tries < MAX_QUERIES * 10; tries++) {
    const first = words[Math.floor(random() * words.length)];
    const second = words[Math.floor(random() * words.length)];
    if (first !== second) queries.add(`${first} ${second}`);
  }
  return shuffle([...queries], random).slice(0, MAX_QUERIES);
}

/** Up to `count` of the values, chosen evenly after a seeded shuffle. */
function spread<T>(values: T[], count: number, seed: number): T[] {
  return shuffle(values, mulberry32(seed)).slice(0, count);
}

function shuffle<T>(values: T[], random: () => number): T[] {
  const copy = [...values];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
