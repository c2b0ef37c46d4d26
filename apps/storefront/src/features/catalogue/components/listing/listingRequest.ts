import type { FilterRequest, SortFilterRequest } from '@kapaas/contract';
import type { ProductListingScope } from '../../api/useCategoryProducts';
import { effectiveCategories, type ListingChoices, sameIds } from '../filters/listingChoices';

/** Which page a listing is: a category's, or a subcategory's (with its parent category once known). */
export type ListingPage =
  | { kind: 'category'; categoryId: number }
  | { kind: 'subcategory'; subcategoryId: number; categoryId: number | null };

/** The one request that answers a listing page with the shopper's choices. */
export type ListingRequest =
  | { endpoint: 'category_product_list'; body: ProductListingScope }
  | { endpoint: 'sort_filter'; body: SortFilterRequest }
  | { endpoint: 'filter'; body: FilterRequest };

/** The categories ticked before the shopper touches anything: the page's own (or its subcategory's parent). */
export function defaultCategoriesOf(page: ListingPage): number[] {
  return page.categoryId === null ? [] : [page.categoryId];
}

/**
 * Chooses the request (product.md §4, product.md §13):
 * - nothing chosen: `category_product_list`, the page's own listing;
 * - only a sort: `sort_filter` with the page's category (and subcategory) and the sort code;
 * - any filter (categories other than the page's own, a size, a gender or a print): `filter` with every choice,
 *   and the sort when there is one. On a subcategory page its subcategory_id narrows the listing while the
 *   ticked categories are still its parent's; ticking others widens the listing to those categories.
 *
 * Each asks for one page (`pageNumber`, from 1) of the API's default 24 products.
 */
export function listingRequest(page: ListingPage, choices: ListingChoices, pageNumber: number): ListingRequest {
  const defaults = defaultCategoriesOf(page);
  const categories = effectiveCategories(choices, defaults);
  const categoriesChanged = page.categoryId !== null && !sameIds(categories, defaults);
  const subcategory = page.kind === 'subcategory' && !categoriesChanged ? { subcategory_id: page.subcategoryId } : {};
  const attributes = {
    ...(choices.size !== null && { size_id: choices.size }),
    ...(choices.print !== null && { print_id: choices.print }),
    ...(choices.gender !== null && { gender_id: choices.gender }),
  };
  const filtered = categoriesChanged || Object.keys(attributes).length > 0;

  if (filtered && page.categoryId !== null) {
    return {
      endpoint: 'filter',
      body: {
        category_id: [...categories].sort((a, b) => a - b),
        ...attributes,
        ...(choices.sort !== null && { sort_id: choices.sort }),
        ...subcategory,
        page: pageNumber,
      },
    };
  }
  if (choices.sort !== null && page.categoryId !== null) {
    return {
      endpoint: 'sort_filter',
      body: { category_id: page.categoryId, sort_id: choices.sort, ...subcategory, page: pageNumber },
    };
  }
  return {
    endpoint: 'category_product_list',
    body:
      page.kind === 'category'
        ? { category_id: page.categoryId, page: pageNumber }
        : { subcategory_id: page.subcategoryId, page: pageNumber },
  };
}
