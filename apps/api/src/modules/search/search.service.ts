import type { ProductCard, SearchKeyWordAnswer, SortCode } from '@kapaas/contract';
import { AppError, notFound } from '../../lib/errors';
import type { CatalogueProduct, CatalogueView } from '../catalogue';

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

/** What search, sort and filter precompute once per catalogue rebuild. */
interface CatalogueIndex {
  products: Searchable[];
  categories: Searchable[];
  /** Products in each order: 0 the listing's (as category_product_list), then by sort code. */
  orders: Map<SortCode | 0, CatalogueProduct[]>;
  subcategoryIds: Set<number>;
  sizeIds: Set<number>;
  patternIds: Set<number>;
  genderIds: Set<number>;
}

/** Keyed by the view itself, so a rebuilt catalogue gets a fresh index and the old one is collected. */
const indexes = new WeakMap<CatalogueView, CatalogueIndex>();

function indexOf(view: CatalogueView): CatalogueIndex {
  const known = indexes.get(view);
  if (known) return known;
  const listing = [...view.products.values()];
  const byPaidPrice = (direction: 1 | -1) => (a: CatalogueProduct, b: CatalogueProduct) =>
    direction * (a.payPricePaise - b.payPricePaise) || a.card.product_id - b.card.product_id;
  const index: CatalogueIndex = {
    products: listing.map((p) => ({ id: p.card.product_id, name: p.card.name, key: searchKey(p.card.name) })),
    categories: [...view.categoryNames].map(([id, name]) => ({ id, name, key: searchKey(name) })),
    orders: new Map([
      [0, listing],
      // Newest first; products added at the same moment: the later id first, as the listing has them.
      [
        1,
        listing.toSorted(
          (a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.card.product_id - a.card.product_id,
        ),
      ],
      [2, listing.toSorted(byPaidPrice(-1))],
      [3, listing.toSorted(byPaidPrice(1))],
    ]),
    subcategoryIds: new Set(
      view.categoryList.value.category.flatMap((c) => c.subcategory.map((s) => s.subcategory_id)),
    ),
    sizeIds: new Set(view.sizeList.value.sizes.map((s) => s.size_id)),
    patternIds: new Set(view.patternList.value.patterns.map((p) => p.pattern_id)),
    genderIds: new Set(view.genderList.value.state.map((g) => g.gender_id)),
  };
  indexes.set(view, index);
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
  const index = indexOf(view);
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
function checkKnown(view: CatalogueView, index: CatalogueIndex, query: ListingQuery): void {
  for (const id of query.categoryIds) if (!view.categoryNames.has(id)) throw notFound('Category');
  const known: [number | undefined, Set<number>, string][] = [
    [query.subcategoryId, index.subcategoryIds, 'Subcategory'],
    [query.sizeId, index.sizeIds, 'Size'],
    [query.patternId, index.patternIds, 'Print'],
    [query.genderId, index.genderIds, 'Gender'],
  ];
  for (const [id, ids, what] of known) if (id !== undefined && !ids.has(id)) throw notFound(what);
}

/**
 * sort_filter and filter: the products having every chosen attribute, in the chosen order
 * (product.md §13). A size counts when the product sells it, in stock or sold out: the cards
 * say which (in_stock), as category_product_list's do, and stock moves with every order while
 * the catalogue is only rebuilt when it is edited, so filtering on stock here would be stale.
 */
export function listProducts(view: CatalogueView, query: ListingQuery): ProductCard[] {
  const index = indexOf(view);
  checkKnown(view, index, query);
  const categories = new Set(query.categoryIds);
  const { subcategoryId, sizeId, patternId, genderId } = query;
  const ordered = index.orders.get(query.sort ?? 0) ?? [];
  return ordered
    .filter(
      (p) =>
        (categories.size === 0 || categories.has(p.card.category_id)) &&
        (subcategoryId === undefined || p.card.subcategory_id === subcategoryId) &&
        (sizeId === undefined || p.sizeIds.includes(sizeId)) &&
        (patternId === undefined || p.patternId === patternId) &&
        (genderId === undefined || p.genderId === genderId),
    )
    .map((p) => p.card);
}
