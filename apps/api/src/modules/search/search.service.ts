import type { SortCode } from '@kapaas/contract';
import { notFound } from '../../lib/errors';
import type { CatalogueProduct, CatalogueView, ListingOrder } from '../catalogue';

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
    (categories.size === 0 || categories.has(p.categoryId)) &&
    (query.subcategoryId === undefined || p.subcategoryId === query.subcategoryId) &&
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
