import { groupIndian, MAX_PAGE } from '@kapaas/contract';

/** The query-string parameter that holds a listing's page number; page 1 leaves it out. */
export const PAGE_PARAM = 'page';

/**
 * The page number in the query string: a whole number from 1, at most the API's highest page. Anything else (absent,
 * `0`, `-3`, `abc`, `2.5`) is page 1; a number past MAX_PAGE is MAX_PAGE, which the listing then takes to its last page.
 */
export function readPageNumber(params: URLSearchParams): number {
  const raw = params.get(PAGE_PARAM)?.trim() ?? '';
  if (!/^[0-9]{1,15}$/.test(raw)) return 1;
  const page = Number(raw);
  if (page < 1) return 1;
  return Math.min(page, MAX_PAGE);
}

/** A copy of `params` at page `page`: page 1 drops the parameter, so the first page keeps a clean address. */
export function writePageNumber(params: URLSearchParams, page: number): URLSearchParams {
  const next = new URLSearchParams(params);
  if (page <= 1) next.delete(PAGE_PARAM);
  else next.set(PAGE_PARAM, String(page));
  return next;
}

/** The query string (with its `?`, or empty) of `params` at page `page`, for a link's `search`. */
export function pageSearch(params: URLSearchParams, page: number): string {
  const query = writePageNumber(params, page).toString();
  return query === '' ? '' : `?${query}`;
}

/** One slot of a row of page links: a page number, or a gap standing for the pages left out. */
export type PageSlot = number | 'gap';

/**
 * The page numbers to offer around `current` of `pages`: the first and last page, `siblings` pages either side of
 * the current one, and a gap where pages are left out. The row keeps one length (2 × siblings + 5) however far along
 * the shopper is, so the control does not change width: near either end it shows more pages on that side instead.
 * A gap never stands for a single page; that page is shown instead.
 */
export function pageWindow(current: number, pages: number, siblings: number): PageSlot[] {
  if (pages <= 2 * siblings + 5) return range(1, pages);
  const page = Math.min(Math.max(current, 1), pages);
  // The run around the current page, slid inwards near either end so the row keeps its length.
  const start = Math.max(Math.min(page - siblings, pages - 2 * siblings - 2), 3);
  const end = Math.min(Math.max(page + siblings, 2 * siblings + 3), pages - 2);
  return [1, start > 3 ? 'gap' : 2, ...range(start, end), end < pages - 2 ? 'gap' : pages - 1, pages];
}

function range(from: number, to: number): number[] {
  return Array.from({ length: Math.max(0, to - from + 1) }, (_, i) => from + i);
}

/** One item of the drawn row, with the widths it shows at: both, only narrow screens, or only wider ones. */
export interface PaginationItem {
  slot: PageSlot;
  /** Shown below the small breakpoint (the phone's shorter row). */
  narrow: boolean;
  /** Shown from the small breakpoint up. */
  wide: boolean;
}

/**
 * The narrow row and the wide row merged into one list, so one set of links serves both widths and CSS picks which
 * items show (no measuring, and it works before any script runs). Each item says which rows it belongs to.
 */
export function paginationItems(
  current: number,
  pages: number,
  siblings: { narrow: number; wide: number },
): PaginationItem[] {
  const narrow = pageWindow(current, pages, siblings.narrow);
  const wide = pageWindow(current, pages, siblings.wide);
  const numbers = [...new Set([...narrow, ...wide].filter((slot) => slot !== 'gap'))].sort((a, b) => a - b);
  const items: PaginationItem[] = [];
  for (const page of numbers) {
    items.push({ slot: page, narrow: narrow.includes(page), wide: wide.includes(page) });
    const gapInNarrow = gapAfter(narrow, page);
    const gapInWide = gapAfter(wide, page);
    if (gapInNarrow || gapInWide) items.push({ slot: 'gap', narrow: gapInNarrow, wide: gapInWide });
  }
  return items;
}

/** True when `row` holds `page` followed by a gap. */
function gapAfter(row: readonly PageSlot[], page: number): boolean {
  const at = row.indexOf(page);
  return at !== -1 && row[at + 1] === 'gap';
}

/** The shown products' positions: "25–48" of `total` for page 2 of 24 a page; null when the page holds none. */
export function shownRange(page: number, perPage: number, shown: number): { first: number; last: number } | null {
  if (shown === 0) return null;
  const first = (page - 1) * perPage + 1;
  return { first, last: first + shown - 1 };
}

/** A count with Indian digit grouping: 12,345 and 1,23,456 (without Intl: ADR 031, fifth pass). */
export function formatCount(count: number): string {
  return groupIndian(count);
}
