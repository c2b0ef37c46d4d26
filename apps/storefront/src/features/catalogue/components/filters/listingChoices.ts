import type { SortCode } from '@kapaas/contract';
import { PAGE_PARAM } from '../listing/listingPaging';

/**
 * What the shopper chose on a listing, as kept in the URL's query string so a filtered page can be shared, survives
 * a reload and follows back/forward: `?category=1,2&size=3&gender=1&print=2&sort=2`.
 */
export interface ListingChoices {
  /**
   * The ticked categories; null when the shopper has not touched them, which means the page's own category.
   * An empty list (`?category=`) means every category.
   */
  categories: number[] | null;
  size: number | null;
  gender: number | null;
  /** A pattern_id, sent to `filter` as print_id. */
  print: number | null;
  sort: SortCode | null;
}

export const NO_CHOICES: ListingChoices = { categories: null, size: null, gender: null, print: null, sort: null };

/** The sort menu's codes and names (product.md §9). */
export const SORT_OPTIONS: readonly { code: SortCode; label: string }[] = [
  { code: 1, label: 'New Arrivals' },
  { code: 2, label: 'Price High to Low' },
  { code: 3, label: 'Price Low to High' },
];

function parseId(value: string | null): number | null {
  if (value === null || !/^[1-9][0-9]{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
}

function parseSort(value: string | null): SortCode | null {
  return value === '1' || value === '2' || value === '3' ? (Number(value) as SortCode) : null;
}

/**
 * Reads the choices from a query string; anything unreadable counts as not chosen. The categories come as one comma
 * list (the address the app writes) or as one `category` parameter per ticked box (the filter form sent without
 * JavaScript), or both.
 */
export function readListingChoices(params: URLSearchParams): ListingChoices {
  const category = params.getAll('category');
  const categories =
    category.length === 0
      ? null
      : [
          ...new Set(
            category
              .flatMap((value) => value.split(','))
              .map((part) => parseId(part.trim()))
              .filter((id) => id !== null),
          ),
        ];
  return {
    categories,
    size: parseId(params.get('size')),
    gender: parseId(params.get('gender')),
    print: parseId(params.get('print')),
    sort: parseSort(params.get('sort')),
  };
}

/**
 * Writes the choices into a copy of `params`, leaving any other parameter as it was. A choice not made is left
 * out, so an untouched listing keeps a clean address; `defaultCategories` (the page's own) is left out too.
 * The page number (`page`) is dropped: other choices make another listing, which starts at its first page.
 */
export function writeListingChoices(
  params: URLSearchParams,
  choices: ListingChoices,
  defaultCategories: readonly number[],
): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete(PAGE_PARAM);
  const { categories } = choices;
  if (categories === null || sameIds(categories, defaultCategories)) next.delete('category');
  else next.set('category', [...categories].sort((a, b) => a - b).join(','));
  for (const key of ['size', 'gender', 'print', 'sort'] as const) {
    const value = choices[key];
    if (value === null) next.delete(key);
    else next.set(key, String(value));
  }
  return next;
}

/** True when both lists hold the same ids, in any order. */
export function sameIds(a: readonly number[], b: readonly number[]): boolean {
  const left = new Set(a);
  const right = new Set(b);
  return left.size === right.size && [...left].every((id) => right.has(id));
}

/** The categories in force: the ticked ones, or the page's own while the shopper has not touched them. */
export function effectiveCategories(choices: ListingChoices, defaultCategories: readonly number[]): number[] {
  return choices.categories ?? [...defaultCategories];
}

/** How many filters (not the sort) differ from the page's own listing: the Filters button shows it. */
export function countActiveFilters(choices: ListingChoices, defaultCategories: readonly number[]): number {
  const categoriesChanged = !sameIds(effectiveCategories(choices, defaultCategories), defaultCategories);
  return [categoriesChanged, choices.size !== null, choices.gender !== null, choices.print !== null].filter(Boolean)
    .length;
}
