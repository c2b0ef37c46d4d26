import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCount, type PaginationItem, paginationItems } from './listingPaging';

/** Pages either side of the current one: none below 768 px (a phone's row), one from there up. */
const SIBLINGS = { narrow: 0, wide: 1 } as const;

interface ListingPaginationProps {
  /** The page shown, from 1. */
  page: number;
  /** How many pages the listing fills. */
  pages: number;
  /** The query string (with its `?`, or empty) of the listing at page `n`, keeping the filters and sort. */
  searchFor: (page: number) => string;
  /** Called when the shopper follows one of the links in this tab, before the route changes. */
  onNavigate?: (page: number) => void;
}

/** Which widths an item shows at: both rows, the phone's row only (below 768 px), or the wider row only. */
function visibility({ narrow, wide }: PaginationItem): string {
  if (narrow && wide) return '';
  return narrow ? ' d-md-none' : ' d-none d-md-block';
}

/** A plain left click, which the router turns into a navigation; a click opening a new tab is left alone. */
function isPlainClick(event: MouseEvent): boolean {
  return event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

/**
 * The page links under a listing's grid (product.md §2): Previous, the first and last page, the pages around the
 * current one with gaps for the rest, and Next. They are real links to `?page=N` (page 1 has no parameter), so they
 * work before any script runs and can be crawled. A phone gets a shorter row with arrows for Previous and Next.
 */
export function ListingPagination({ page, pages, searchFor, onNavigate }: ListingPaginationProps) {
  if (pages <= 1) return null;
  const current = Math.min(Math.max(page, 1), pages);

  const link = (target: number, children: ReactNode, label?: string, isCurrent = false) => (
    <Link
      className="page-link"
      to={{ search: searchFor(target) }}
      preventScrollReset
      aria-label={label}
      aria-current={isCurrent ? 'page' : undefined}
      onClick={(event) => {
        if (isPlainClick(event)) onNavigate?.(target);
      }}
    >
      {children}
    </Link>
  );

  const step = (target: number, direction: 'previous' | 'next') => {
    // The arrow (and from 768 px the word) is what the eye reads; the hidden label is what a screen reader reads.
    const arrow = <span aria-hidden="true">{direction === 'previous' ? '‹' : '›'}</span>;
    const word = (
      <span className="d-none d-md-inline" aria-hidden="true">
        {direction === 'previous' ? ' Previous' : 'Next '}
      </span>
    );
    const content = (
      <>
        {direction === 'previous' && arrow}
        {word}
        {direction === 'next' && arrow}
        <span className="visually-hidden">{direction === 'previous' ? 'Previous page' : 'Next page'}</span>
      </>
    );
    const disabled = target < 1 || target > pages;
    return (
      <li className={`page-item listing-pagination__step${disabled ? ' disabled' : ''}`}>
        {disabled ? <span className="page-link">{content}</span> : link(target, content)}
      </li>
    );
  };

  return (
    <nav aria-label="Pages" className="listing-pagination">
      <ul className="pagination justify-content-center mb-0">
        {step(current - 1, 'previous')}
        {paginationItems(current, pages, SIBLINGS).map((item, index) =>
          item.slot === 'gap' ? (
            // Gaps have no identity of their own; where they fall in the row is their key.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={`gap-${index}`} className={`page-item disabled listing-pagination__gap${visibility(item)}`}>
              <span className="page-link">
                <span aria-hidden="true">…</span>
                <span className="visually-hidden">More pages</span>
              </span>
            </li>
          ) : (
            <li key={item.slot} className={`page-item${item.slot === current ? ' active' : ''}${visibility(item)}`}>
              {link(item.slot, formatCount(item.slot), `Page ${formatCount(item.slot)}`, item.slot === current)}
            </li>
          ),
        )}
        {step(current + 1, 'next')}
      </ul>
    </nav>
  );
}
