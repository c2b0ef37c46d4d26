import type { Category, ProductCard as ProductCardData } from '@kapaas/contract';
import { type ReactNode, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { LoadingState } from '#storefront/components/feedback/LoadingState.tsx';
import { QueryErrorAlert } from '#storefront/components/feedback/QueryErrorAlert.tsx';
import { PageHeading } from '#storefront/components/PageHeading.tsx';
import { ProductCard } from '#storefront/components/product/ProductCard.tsx';
import { useCategories } from '../../api/useCategories';
import { FilterPanel } from '../filters/FilterPanel';
import { countActiveFilters } from '../filters/listingChoices';
import { SortMenu } from '../filters/SortMenu';
import { useListingChoices } from '../filters/useListingChoices';
import { defaultCategoriesOf, type ListingPage, listingRequest } from './listingRequest';
import { useListingProducts } from './useListingProducts';
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

export function productCount(count: number): string {
  return `${count} ${count === 1 ? 'Product' : 'Products'}`;
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

/**
 * A category's or subcategory's page (product.md §2): its name and product count, the filter accordion (an offcanvas
 * behind a "Filters" button under 992 px), the sort menu and the product cards. The choices live in the URL.
 */
export function ProductListing({ page: pageId, cardActions }: ProductListingProps) {
  const categories = useCategories();
  const located = locate(pageId, categories.data);
  const page = located.page;
  const defaults = defaultCategoriesOf(page);
  const { choices, update, clearFilters } = useListingChoices(defaults);
  const request = listingRequest(page, choices);
  const listing = useListingProducts(request, !categories.isPending);
  const activeCount = countActiveFilters(choices, defaults);
  const [filtersShown, setFiltersShown] = useState(false);
  const filtersTitleId = useId();

  if (categories.isPending || (listing.isPending && !listing.isError)) {
    return <LoadingState label="Loading products" />;
  }
  // An unknown category or subcategory: only the server's message, nothing to filter.
  if (listing.isError && located.name === undefined) {
    return <QueryErrorAlert error={listing.error} onRetry={() => listing.refetch()} />;
  }

  const name = located.name ?? listing.data?.name ?? 'Products';
  const products = listing.data?.products;
  const updating = listing.isFetching;
  const clear = () => {
    clearFilters();
    setFiltersShown(false);
  };

  return (
    <div className="listing">
      <div className="listing-header">
        <PageHeading>{name}</PageHeading>
        <p className="listing-header__count" aria-live="polite">
          {products === undefined || listing.isPlaceholderData ? '' : productCount(products.length)}
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
          >
            <Offcanvas.Header closeButton closeLabel="Close filters">
              <Offcanvas.Title id={filtersTitleId}>Filters</Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body className="flex-column">
              <FilterPanel
                categories={categories.data ?? []}
                choices={choices}
                defaultCategories={defaults}
                activeCount={activeCount}
                onChange={update}
                onClear={clear}
              />
              <Button className="listing-filters__done d-lg-none mt-3 w-100" onClick={() => setFiltersShown(false)}>
                {products === undefined ? 'Close' : `Show ${productCount(products.length)}`}
              </Button>
            </Offcanvas.Body>
          </Offcanvas>
        </div>
        <div className="col-lg-9">
          <div className="listing-toolbar">
            <Button
              variant="outline-primary"
              size="sm"
              className="listing-toolbar__filters d-lg-none"
              onClick={() => setFiltersShown(true)}
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
              <Button variant="link" size="sm" className="listing-toolbar__clear d-lg-none" onClick={clear}>
                Clear filters
              </Button>
            )}
            <SortMenu value={choices.sort} onChange={(sort) => update({ sort })} />
          </div>
          {listing.isError || products === undefined ? (
            <QueryErrorAlert error={listing.error} onRetry={() => listing.refetch()} />
          ) : products.length === 0 ? (
            <div className="empty-state">
              <p className="mb-3">{activeCount > 0 ? NO_MATCHES_MESSAGE : NO_PRODUCTS_MESSAGE}</p>
              {activeCount > 0 && (
                <Button variant="primary" onClick={clear}>
                  Clear filters
                </Button>
              )}
            </div>
          ) : (
            <ul
              className={`listing-grid row row-cols-2 row-cols-md-3 g-3 g-md-4 list-unstyled${updating ? ' listing-grid--updating' : ''}`}
              aria-busy={updating}
              aria-label={name}
            >
              {products.map((product) => (
                <li className="col" key={product.product_id}>
                  <ProductCard product={product} headingLevel="h2" actions={cardActions?.(product)} />
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}
