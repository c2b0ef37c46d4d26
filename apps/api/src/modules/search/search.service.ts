import type { SearchKeyWordAnswer, SortCode } from '@kapaas/contract';
import { AppError, notFound } from '../../lib/errors';
import type { CatalogueProduct, CatalogueView, ListingOrder } from '../catalogue';

const MAX_PRODUCTS = 20;
const MAX_CATEGORIES = 10;

/** A name as search compares it: Unicode-normalized, lower case, single spaces. */
export function searchKey(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/\s+/gu, ' ').trim();
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;

/** Whether `word` occurs in `key` where a word of it begins (at the start or after a non-letter). */
function startsAWord(key: string, word: string): boolean {
  for (let at = key.indexOf(word); at !== -1; at = key.indexOf(word, at + 1)) {
    if (at === 0 || !WORD_CHARACTER.test(key[at - 1] ?? '')) return true;
  }
  return false;
}

/**
 * How well a name matches the searched text, best 0, undefined when it does not: 0 the exact
 * name, 1 the name starts with the text, 2 every word starts a word of the name, 3 the name
 * contains every word. Matching is plain substring comparison, so `%`, `_` and every other
 * character match only themselves.
 */
export function matchRank(key: string, phrase: string, words: readonly string[]): number | undefined {
  if (key === phrase) return 0;
  if (key.startsWith(phrase)) return 1;
  if (words.every((word) => startsAWord(key, word))) return 2;
  if (words.every((word) => key.includes(word))) return 3;
  return undefined;
}

interface Searchable {
  id: number;
  name: string;
  key: string;
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The entries matching the text, best first, ties by name then id. */
function ranked(entries: readonly Searchable[], phrase: string, words: readonly string[], limit: number) {
  const hits: { entry: Searchable; rank: number }[] = [];
  for (const entry of entries) {
    const rank = matchRank(entry.key, phrase, words);
    if (rank !== undefined) hits.push({ entry, rank });
  }
  hits.sort((a, b) => a.rank - b.rank || byName.compare(a.entry.name, b.entry.name) || a.entry.id - b.entry.id);
  return hits.slice(0, limit).map((hit) => hit.entry);
}

/** Names as search compares them, made once per version of the catalogue. */
interface NameIndex {
  version: number;
  products: Searchable[];
  categories: Searchable[];
}

const nameIndexes = new WeakMap<CatalogueView, NameIndex>();

function namesOf(view: CatalogueView): NameIndex {
  const known = nameIndexes.get(view);
  if (known && known.version === view.version) return known;
  const index: NameIndex = {
    version: view.version,
    products: view.visibleProducts().map((p) => ({ id: p.id, name: p.card.name, key: searchKey(p.card.name) })),
    categories: [...view.categoryNames].map(([id, name]) => ({ id, name, key: searchKey(name) })),
  };
  nameIndexes.set(view, index);
  return index;
}

/** search_key_word: products and categories whose names match the text, ranked. */
export function searchKeyWord(view: CatalogueView, keyWord: string): SearchKeyWordAnswer {
  const phrase = searchKey(keyWord);
  if (phrase === '') {
    const message = 'Please type something to search for.';
    throw new AppError('INVALID_DATA', message, { errors: { key_word: [message] } });
  }
  const words = phrase.split(' ');
  const index = namesOf(view);
  return {
    success: true,
    search_key_word: {
      product: ranked(index.products, phrase, words, MAX_PRODUCTS).map((p) => ({
        product_id: p.id,
        product_name: p.name,
      })),
      category: ranked(index.categories, phrase, words, MAX_CATEGORIES).map((c) => ({
        category_id: c.id,
        category_name: c.name,
      })),
    },
  };
}

/** What a listing is narrowed to; an absent choice does not narrow it. */
export interface ListingQuery {
  /** Empty means every category. */
  categoryIds: readonly number[];
  subcategoryId?: number | undefined;
  sizeId?: number | undefined;
  patternId?: number | undefined;
  genderId?: number | undefined;
  sort?: SortCode | undefined;
}

/** Refuses (404) an id the catalogue does not show, so a stale or made-up choice is not mistaken for "no match". */
function checkKnown(view: CatalogueView, query: ListingQuery): void {
  for (const id of query.categoryIds) if (!view.hasCategory(id)) throw notFound('Category');
  const known: [number | undefined, (id: number) => boolean, string][] = [
    [query.subcategoryId, (id) => view.hasSubcategory(id), 'Subcategory'],
    [query.sizeId, (id) => view.hasSize(id), 'Size'],
    [query.patternId, (id) => view.hasPattern(id), 'Print'],
    [query.genderId, (id) => view.hasGender(id), 'Gender'],
  ];
  for (const [id, has, what] of known) if (id !== undefined && !has(id)) throw notFound(what);
}

const ORDER_OF_SORT: Record<SortCode | 0, ListingOrder> = {
  0: 'newest',
  1: 'newest',
  2: 'priceHighToLow',
  3: 'priceLowToHigh',
};

/**
 * The narrowest listing that holds every match, in the chosen order: the subcategory's, the one
 * category's, or every product's (several categories are then a test per product).
 */
function baseListing(view: CatalogueView, query: ListingQuery, order: ListingOrder) {
  if (query.subcategoryId !== undefined) return view.listing({ kind: 'subcategory', id: query.subcategoryId }, order);
  const [only] = query.categoryIds;
  if (query.categoryIds.length === 1 && only !== undefined) return view.listing({ kind: 'category', id: only }, order);
  return view.listing({ kind: 'all' }, order);
}

/**
 * sort_filter and filter: the products having every chosen attribute, in the chosen order
 * (product.md §13), from the catalogue's indexes: the listing of the narrowest scope in that
 * order, tested against the sets of products by size, print and gender; when one chosen set is
 * much smaller than that listing, its members are tested and sorted instead. A size counts when
 * the product sells it, in stock or sold out: the cards say which (in_stock), as
 * category_product_list's do.
 */
export function listProducts(view: CatalogueView, query: ListingQuery): readonly CatalogueProduct[] {
  checkKnown(view, query);
  const order = ORDER_OF_SORT[query.sort ?? 0];
  const base = baseListing(view, query, order);
  const categories = new Set(query.categoryIds);
  const chosen: ReadonlySet<number>[] = [];
  if (query.sizeId !== undefined) chosen.push(view.productsWith('size', query.sizeId));
  if (query.patternId !== undefined) chosen.push(view.productsWith('pattern', query.patternId));
  if (query.genderId !== undefined) chosen.push(view.productsWith('gender', query.genderId));
  const matches = (p: CatalogueProduct) =>
    (categories.size === 0 || categories.has(p.row.categoryId)) &&
    (query.subcategoryId === undefined || p.row.subcategoryId === query.subcategoryId) &&
    chosen.every((set) => set.has(p.id));
  // The base listing is already exactly the scope when it is every product's, one category's, or one subcategory's alone.
  const baseIsScope = query.subcategoryId === undefined ? categories.size <= 1 : categories.size === 0;
  if (chosen.length === 0) return baseIsScope ? base : base.filter(matches);
  const smallest = chosen.reduce((a, b) => (b.size < a.size ? b : a));
  if (smallest.size * 4 >= base.length) return base.filter(matches);
  const found: CatalogueProduct[] = [];
  for (const id of smallest) {
    const product = view.product(id);
    if (product && matches(product)) found.push(product);
  }
  return found.sort(view.compare(order));
}
