import { useCallback, useEffect } from 'react';
import { useSearchParams } from 'react-router';
import { PAGE_PARAM, pageSearch, readPageNumber, writePageNumber } from './listingPaging';

/** The page to show when `asked` was asked for of a listing filling `pages`: the last one past it, else as asked. */
export function settledPage(asked: number, pages: number): number {
  return Math.min(Math.max(asked, 1), Math.max(pages, 1));
}

/**
 * The listing's page number, kept in the URL as `?page=N` (page 1 has none) beside the filter and sort choices, and
 * `searchFor(n)`, the query string of page `n` with those choices, for the page links.
 */
export function useListingPageNumber() {
  const [params] = useSearchParams();
  const pageNumber = readPageNumber(params);
  const searchFor = useCallback((page: number) => pageSearch(params, page), [params]);
  return { pageNumber, searchFor };
}

/**
 * Keeps the address naming the page shown. An address whose page is not a number becomes the first page's; once
 * `pages` (from the answer for the page asked for) is known, one past the last page becomes the last page's. The
 * address is replaced, not pushed, so the back button skips the bad one. True while such a replacement is pending.
 */
export function useSettledPageAddress(pages: number | undefined): boolean {
  const [params, setParams] = useSearchParams();
  const asked = readPageNumber(params);
  const target = pages === undefined ? asked : settledPage(asked, pages);
  const written = params.get(PAGE_PARAM);
  const wanted = target <= 1 ? null : String(target);

  useEffect(() => {
    if (written === wanted) return;
    setParams((current) => writePageNumber(current, target), { replace: true, preventScrollReset: true });
  }, [written, wanted, target, setParams]);

  return written !== wanted;
}
