import type { Category, ProductCard as ProductCardData } from '@kapaas/contract';
import { type MouseEvent, type ReactNode, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useLocation } from 'react-router';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { PageHeading } from '#storefront/components/PageHeading.tsx';
import { ProductCard } from '#storefront/components/product/ProductCard.tsx';
import { usePrefersReducedMotion } from '#storefront/lib/usePrefersReducedMotion.ts';
import { useCategories } from '../../api/useCategories';
import { FilterPanel } from '../filters/FilterPanel';
import { countActiveFilters } from '../filters/listingChoices';
import { SortMenu } from '../filters/SortMenu';
import { useListingChoices } from '../filters/useListingChoices';
import { ListingPagination } from './ListingPagination';
import { formatCount, shownRange } from './listingPaging';
import { defaultCategoriesOf, type ListingPage, listingRequest } from './listingRequest';
import { useListingPageNumber, useSettledPageAddress } from './useListingPageNumber';
import { listingKeyOf, useListingProducts } from './useListingProducts';
import './listing.css';

/** Which listing to show: a category's page or a subcategory's. */
export type ListingPageId = { kind: 'category'; categoryId: number } | { kind: 'subcategory'; subcategoryId: number };

/** Controls to draw on each card, such as the wishlist heart; composed by the route. */
export type CardActions = (product: ProductCardData) => ReactNode;

interface ProductListingProps {
  page: ListingPageId;
  cardActions?: CardActions | undefined;
}

export const NO_MATCHES_MESSAGE = 'No products match these filters.';
export const NO_PRODUCTS_MESSAGE = 'There are no products here yet.';

/** "1 Product", "24 Products", "12,345 Products" (Indian digit grouping). */
export function productCount(count: number): string {
  return `${formatCount(count)} ${count === 1 ? 'Product' : 'Products'}`;
}

/** "Showing 25–48 of 12,345 products": where the page's cards fall in the whole listing. */
export function showingLine(page: number, perPage: number, shown: number, total: number): string {
  const range = shownRange(page, perPage, shown);
  if (range === null) return '';
  return `Showing ${formatCount(range.first)}–${formatCount(range.last)} of ${formatCount(total)} ${total === 1 ? 'product' : 'products'}`;
}

/** Finds the page's name and (for a subcategory) its parent category in the category list. */
function locate(
  page: ListingPageId,
  categories: readonly Category[] | undefined,
): { name?: string; page: ListingPage } {
  if (page.kind === 'category') {
    const name = categories?.find((c) => c.category_id === page.categoryId)?.category_name;
    return { name, page };
  }
  for (const category of categories ?? []) {
    const subcategory = category.subcategory.find((s) => s.subcategory_id === page.subcategoryId);
    if (subcategory) return { name: subcategory.subcategory_name, page: { ...page, categoryId: category.category_id } };
  }
  return { page: { ...page, categoryId: null } };
}

/** Moves the shopper to the top of the results after following a page link, and there for the keyboard too. */
function useScrollToResults() {
  const resultsRef = useRef<HTMLDivElement>(null);
  const reducedMotion = usePrefersReducedMotion();
  const scrollToResults = () => {
    const results = resultsRef.current;
    results?.scrollIntoView?.({ block: 'start', behavior: reducedMotion ? 'auto' : 'smooth' });
    results?.focus({ preventScroll: true });
  };
  return { resultsRef, scrollToResults };
}

/** The filter panel's id: without JavaScript, the Filters link opens it on a phone as the page's target (noscript.css). */
const FILTERS_ANCHOR = 'listing-filters';

/**
 * A category's or subcategory's page (product.md §2): its name and product count, the filter accordion (an offcanvas
 * behind a "Filters" button under 992 px), the sort menu and one page of product cards with the page links under
 * them. The choices and the page number live in the URL.
 */
export function ProductListing({ page: pageId, cardActions }: ProductListingProps) {
  const categories = useCategories();
  const located = locate(pageId, categories.data);
  const page = located.page;
  const defaults = defaultCategoriesOf(page);
  const { choices, update, clearFilters } = useListingChoices(defaults);
  const { pageNumber, searchFor } = useListingPageNumber();
  const request = listingRequest(page, choices, pageNumber);
  const listing = useListingProducts(request, !categories.isPending);
  const answered = listing.data !== undefined && !listing.isPlaceholderData ? listing.data : undefined;
  const settling = useSettledPageAddress(answered?.pages);
  const activeCount = countActiveFilters(choices, defaults);
  const [filtersShown, setFiltersShown] = useState(false);
  const filtersTitleId = useId();
  const filterFormId = useId();
  const { pathname } = useLocation();
  const { resultsRef, scrollToResults } = useScrollToResults();

  if (categories.isPending || (listing.isPending && !listing.isError)) {
    return <LoadingState label="Loading products" />;
  }
  // An unknown category or subcategory: only the server's message, nothing to filter.
  if (listing.isError && located.name === undefined) {
    return <QueryErrorAlert error={listing.error} onRetry={() => listing.refetch()} />;
  }

  const data = listing.data;
  const name = located.name ?? data?.name ?? 'Products';
  // The totals hold while another page of the same listing loads; another listing's totals are not shown.
  const total = data !== undefined && data.listing === listingKeyOf(request) ? data.total : undefined;
  // Past the last page the answer has no cards; the address is being moved to the last page, so wait for it.
  const pastTheEnd = data !== undefined && data.products.length === 0 && data.total > 0;
  const updating = listing.isFetching || settling;
  const clear = () => {
    clearFilters();
    setFiltersShown(false);
  };
  // Without JavaScript the buttons below are links and the filter form is sent as a GET: the same addresses.
  const clearHref = choices.sort === null ? pathname : `${pathname}?sort=${choices.sort}`;
  const clearLink = (event: MouseEvent) => {
    event.preventDefault();
    clear();
  };

  return (
    <div className="listing">
      <div className="listing-header">
        <PageHeading>{name}</PageHeading>
        <p className="listing-header__count" aria-live="polite">
          {total === undefined ? '' : productCount(total)}
        </p>
      </div>
      <div className="row gx-4">
        <div className="col-lg-3">
          <Offcanvas
            responsive="lg"
            show={filtersShown}
            onHide={() => setFiltersShown(false)}
            placement="start"
            aria-labelledby={filtersTitleId}
            className="listing-filters"
            id={FILTERS_ANCHOR}
          >
            <Offcanvas.Header closeButton closeLabel="Close filters">
              <Offcanvas.Title id={filtersTitleId}>Filters</Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="flex-column">
              {/* With JavaScript each change applies at once; without, the form is sent to this same address. */}
              <form
                id={filterFormId}
                method="get"
                action={pathname}
                onSubmit={(event) => {
                  event.preventDefault();
                  setFiltersShown(false);
                }}
              >
                <FilterPanel
                  categories={categories.data ?? []}
                  choices={choices}
                  defaultCategories={defaults}
                  activeCount={activeCount}
                  clearHref={clearHref}
                  onChange={update}
                  onClear={clear}
                />
                <noscript>
                  <button type="submit" className="btn btn-primary mt-3 w-100 d-none d-lg-block">
                    Apply filters
                  </button>
                </noscript>
                <Button type="submit" className="listing-filters__done d-lg-none mt-3 w-100">
                  {total === undefined ? 'Close' : `Show ${productCount(total)}`}
                </Button>
              </form>
            </Offcanvas.Body>
          </Offcanvas>
        </div>
        <div className="col-lg-9 listing-results" ref={resultsRef} tabIndex={-1}>
          <div className="listing-toolbar">
            <Button
              variant="outline-primary"
              size="sm"
              className="listing-toolbar__filters d-lg-none"
              href={`#${FILTERS_ANCHOR}`}
              onClick={(event: MouseEvent) => {
                event.preventDefault();
                setFiltersShown(true);
              }}
              aria-haspopup="dialog"
            >
              Filters
              {activeCount > 0 && (
                <>
                  {' '}
                  <span className="badge rounded-pill text-bg-primary ms-1">{activeCount}</span>
                  <span className="visually-hidden"> chosen</span>
                </>
              )}
            </Button>
            {activeCount > 0 && (
              <Button
                variant="link"
                size="sm"
                className="listing-toolbar__clear d-lg-none"
                href={clearHref}
                onClick={clearLink}
              >
                Clear filters
              </Button>
            )}
            <SortMenu form={filterFormId} value={choices.sort} onChange={(sort) => update({ sort })} />
          </div>
          {listing.isError || data === undefined ? (
            <QueryErrorAlert error={listing.error} onRetry={() => listing.refetch()} />
          ) : pastTheEnd ? (
            <LoadingState label="Loading products" />
          ) : data.products.length === 0 ? (
            <div className="empty-state">
              <p className="mb-3">{activeCount > 0 ? NO_MATCHES_MESSAGE : NO_PRODUCTS_MESSAGE}</p>
              {activeCount > 0 && (
                <Button variant="primary" href={clearHref} onClick={clearLink}>
                  Clear filters
                </Button>
              )}
            </div>
          ) : (
            <>
              <p className="listing-range" aria-live="polite">
                {total === undefined ? '' : showingLine(data.page, data.perPage, data.products.length, total)}
              </p>
              <ul
                className={`listing-grid row row-cols-2 row-cols-md-3 g-3 g-md-4 list-unstyled${updating ? ' listing-grid--updating' : ''}`}
                aria-busy={updating}
                aria-label={name}
              >
                {data.products.map((product) => (
                  <li className="col" key={product.product_id}>
                    <ProductCard product={product} headingLevel="h2" actions={cardActions?.(product)} />
                  </li>
                ))}
              </ul>
              {total !== undefined && (
                <ListingPagination
                  page={pageNumber}
                  pages={data.pages}
                  searchFor={searchFor}
                  onNavigate={scrollToResults}
                />
              )}
            </>
          )}
        </div>
      </div>
    </div>
  );
}
