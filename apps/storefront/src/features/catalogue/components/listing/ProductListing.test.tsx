import type { GenderListAnswer, PatternListAnswer, ProductListAnswer, SizeListAnswer } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, type Mock, vi } from 'vitest';
import { type FakeAnswer, stubApi } from '#storefront/test/fakeApi.ts';
import {
  categoryList,
  jhabla,
  jhablaProducts,
  manyProducts,
  onePage,
  pagedListing,
  romper,
} from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { readListingChoices } from '../filters/listingChoices';
import { NO_PRODUCTS_MESSAGE } from './ProductListing';

const sizes: SizeListAnswer = {
  success: true,
  sizes: [
    { size_id: 1, size: '0-3M' },
    { size_id: 2, size: '3-6M' },
    { size_id: 3, size: '6-12M' },
  ],
};
const genders: GenderListAnswer = {
  success: true,
  state: [
    { gender_id: 1, gender_name: 'Boys' },
    { gender_id: 2, gender_name: 'Girls' },
  ],
};
const patterns: PatternListAnswer = {
  success: true,
  patterns: [
    { pattern_id: 3, pattern: 'Floral' },
    { pattern_id: 5, pattern: 'Stripes' },
  ],
};
const onlyJhabla: ProductListAnswer = { success: true, ...onePage([jhabla]) };
const nothing: ProductListAnswer = { success: true, ...onePage([]) };

/** The listing's API: the lookups, the plain listing, and sort_filter / filter answering `filtered`. */
function stubListingApi(overrides: Record<string, FakeAnswer> = {}) {
  return stubApi({
    category_list: categoryList,
    size: sizes,
    gender_list: genders,
    pattern: patterns,
    category_product_list: jhablaProducts,
    sort_filter: { success: true, ...onePage([romper, jhabla]) },
    filter: onlyJhabla,
    ...overrides,
  });
}

/** The bodies sent to one endpoint, in order. */
function bodiesSentTo(fetchMock: Mock, endpoint: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url]) => String(url) === `/api/${endpoint}`)
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}

async function lastBodySentTo(fetchMock: Mock, endpoint: string, expected: unknown) {
  await waitFor(() => expect(bodiesSentTo(fetchMock, endpoint).at(-1)).toEqual(expected));
}

const search = (router: ReturnType<typeof renderRoute>['router']) =>
  Object.fromEntries(new URLSearchParams(router.state.location.search));

describe('Product listings', () => {
  it('shows a category with its product count and cards', async () => {
    const fetchMock = stubListingApi();
    renderRoute('/category-page/1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Jhablas' })).toBeInTheDocument();
    expect(await screen.findByText('2 Products')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /shop now/i })).toHaveLength(2);
    expect(bodiesSentTo(fetchMock, 'category_product_list')).toEqual([{ category_id: 1, page: 1 }]);
    expect(bodiesSentTo(fetchMock, 'filter')).toEqual([]);
    expect(bodiesSentTo(fetchMock, 'sort_filter')).toEqual([]);
    // The current category starts ticked, nothing else is chosen.
    expect(screen.getByRole('checkbox', { name: 'Jhablas' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Rompers' })).not.toBeChecked();
    expect(await screen.findByRole('radio', { name: 'Any size' })).toBeChecked();
    expect(
      within(screen.getByRole('region', { name: 'Filters' })).getByRole('button', { name: 'Clear filters' }),
    ).toBeDisabled();
  });

  it('says "1 Product" for a single product', async () => {
    stubListingApi({ category_product_list: { ...jhablaProducts, ...onePage([jhabla]) } });
    renderRoute('/category-page/1');

    expect(await screen.findByText('1 Product')).toBeInTheDocument();
  });

  it('asks for a subcategory by its id on the subcategory detail page', async () => {
    const fetchMock = stubListingApi({
      category_product_list: { ...jhablaProducts, category_name: 'Sleeveless Jhablas' },
    });
    renderRoute('/subcategory-detail/101');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sleeveless Jhablas' })).toBeInTheDocument();
    await lastBodySentTo(fetchMock, 'category_product_list', { subcategory_id: 101, page: 1 });
  });

  it('reads every filter and the sort from the query string, and sends them to filter', async () => {
    const fetchMock = stubListingApi();
    renderRoute('/category-page/1?category=1,2&size=3&gender=2&print=5&sort=2');

    expect(await screen.findByText('1 Product')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'filter')).toEqual([
      { category_id: [1, 2], size_id: 3, print_id: 5, gender_id: 2, sort_id: 2, page: 1 },
    ]);
    expect(bodiesSentTo(fetchMock, 'category_product_list')).toEqual([]);
    expect(screen.getByRole('checkbox', { name: 'Jhablas' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Rompers' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Swaddles' })).not.toBeChecked();
    expect(await screen.findByRole('radio', { name: '6-12M' })).toBeChecked();
    expect(await screen.findByRole('radio', { name: 'Girls' })).toBeChecked();
    expect(await screen.findByRole('radio', { name: 'Stripes' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('2');
  });

  it('ignores values in the query string that are not ids', async () => {
    const fetchMock = stubListingApi();
    renderRoute('/category-page/1?size=abc&gender=&print=-1&sort=9');

    expect(await screen.findByText('2 Products')).toBeInTheDocument();
    expect(bodiesSentTo(fetchMock, 'category_product_list')).toEqual([{ category_id: 1, page: 1 }]);
    expect(bodiesSentTo(fetchMock, 'filter')).toEqual([]);
  });

  it('calls filter when a size is chosen and writes it to the URL', async () => {
    const fetchMock = stubListingApi();
    const { router, user } = renderRoute('/category-page/1');

    await user.click(await screen.findByRole('radio', { name: '6-12M' }));

    await lastBodySentTo(fetchMock, 'filter', { category_id: [1], size_id: 3, page: 1 });
    expect(search(router)).toEqual({ size: '3' });
    expect(await screen.findByText('1 Product')).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Filters' })).getByRole('button', { name: 'Clear filters' }),
    ).toBeEnabled();
  });

  it('sends gender and print (as print_id) to filter', async () => {
    const fetchMock = stubListingApi();
    const { router, user } = renderRoute('/category-page/1');

    await user.click(await screen.findByRole('radio', { name: 'Boys' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [1], gender_id: 1, page: 1 });
    await user.click(await screen.findByRole('radio', { name: 'Floral' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [1], print_id: 3, gender_id: 1, page: 1 });
    expect(search(router)).toEqual({ gender: '1', print: '3' });

    await user.click(screen.getByRole('radio', { name: 'Any gender' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [1], print_id: 3, page: 1 });
    expect(search(router)).toEqual({ print: '3' });
  });

  it('widens to the ticked categories, and every category when none is ticked', async () => {
    const fetchMock = stubListingApi();
    const { router, user } = renderRoute('/category-page/1');

    await user.click(await screen.findByRole('checkbox', { name: 'Rompers' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [1, 2], page: 1 });
    expect(search(router)).toEqual({ category: '1,2' });

    await user.click(screen.getByRole('checkbox', { name: 'Jhablas' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [2], page: 1 });
    expect(search(router)).toEqual({ category: '2' });

    await user.click(screen.getByRole('checkbox', { name: 'Rompers' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [], page: 1 });
    expect(search(router)).toEqual({ category: '' });
    expect(screen.getByText('No category ticked: showing every category.')).toBeInTheDocument();

    // Ticking the page's own category again is the plain listing: nothing left in the URL.
    await user.click(screen.getByRole('checkbox', { name: 'Jhablas' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('calls sort_filter for a sort alone, and filter with sort_id once a filter is chosen', async () => {
    const fetchMock = stubListingApi();
    const { router, user } = renderRoute('/category-page/1');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Price High to Low');
    await lastBodySentTo(fetchMock, 'sort_filter', { category_id: 1, sort_id: 2, page: 1 });
    expect(search(router)).toEqual({ sort: '2' });
    expect(bodiesSentTo(fetchMock, 'filter')).toEqual([]);

    await user.click(await screen.findByRole('radio', { name: '3-6M' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [1], size_id: 2, sort_id: 2, page: 1 });
    expect(search(router)).toEqual({ size: '2', sort: '2' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'Featured');
    await lastBodySentTo(fetchMock, 'filter', { category_id: [1], size_id: 2, page: 1 });
    expect(search(router)).toEqual({ size: '2' });
  });

  it('clears the filters but keeps the sort', async () => {
    const fetchMock = stubListingApi();
    const { router, user } = renderRoute('/category-page/1?category=1,3&size=1&gender=1&print=3&sort=3');

    await user.click(
      within(await screen.findByRole('region', { name: 'Filters' })).getByRole('button', { name: 'Clear filters' }),
    );

    await waitFor(() => expect(search(router)).toEqual({ sort: '3' }));
    await lastBodySentTo(fetchMock, 'sort_filter', { category_id: 1, sort_id: 3, page: 1 });
    expect(screen.getByRole('checkbox', { name: 'Jhablas' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Swaddles' })).not.toBeChecked();
    expect(screen.getByRole('radio', { name: 'Any size' })).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('3');
  });

  it('is a GET form without JavaScript: sending it asks for the same choices, and Clear and Filters are links', async () => {
    stubListingApi();
    renderRoute('/category-page/1?category=1,3&size=1&print=5&sort=3');

    const panel = await screen.findByRole('region', { name: 'Filters' });
    await waitFor(() => expect(within(panel).getByRole('radio', { name: 'Stripes' })).toBeChecked());
    const form = panel.closest('form') as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'get');
    expect(form).toHaveAttribute('action', '/category-page/1');
    const sort = screen.getByRole('combobox', { name: 'Sort by' });
    expect(sort).toHaveAttribute('form', form.id);

    const sent = new URLSearchParams();
    // The sort menu sits outside the form, and belongs to it through its form attribute.
    for (const [key, value] of new FormData(form)) sent.append(key, String(value));
    expect(sent.toString()).toBe('category=1&category=3&size=1&gender=&print=5&sort=3');
    expect(readListingChoices(sent)).toEqual(
      readListingChoices(new URLSearchParams('category=1,3&size=1&print=5&sort=3')),
    );

    expect(within(panel).getByRole('button', { name: 'Clear filters' })).toHaveAttribute(
      'href',
      '/category-page/1?sort=3',
    );
    expect(screen.getByRole('button', { name: /^Filters/ })).toHaveAttribute('href', '#listing-filters');
    expect(document.getElementById('listing-filters')).toContainElement(panel);
  });

  it('says so when nothing matches, and clearing the filters brings the products back', async () => {
    const fetchMock = stubListingApi({ filter: nothing });
    const { router, user } = renderRoute('/category-page/1?size=2&print=5');

    expect(await screen.findByText('No products match these filters.')).toBeInTheDocument();
    expect(screen.getByText('0 Products')).toBeInTheDocument();
    const grid = screen.getByText('No products match these filters.').closest('.empty-state') as HTMLElement;
    await user.click(within(grid).getByRole('button', { name: 'Clear filters' }));

    expect(await screen.findByText('2 Products')).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    expect(bodiesSentTo(fetchMock, 'category_product_list')).toEqual([{ category_id: 1, page: 1 }]);
  });

  it('says so when a category has no products at all', async () => {
    stubListingApi({ category_product_list: { ...jhablaProducts, ...onePage([]) } });
    renderRoute('/category-page/1');

    expect(await screen.findByText('There are no products here yet.')).toBeInTheDocument();
  });

  it('follows back and forward through the choices', async () => {
    const fetchMock = stubListingApi();
    const { router, user } = renderRoute('/category-page/1');

    await user.click(await screen.findByRole('radio', { name: '0-3M' }));
    await waitFor(() => expect(search(router)).toEqual({ size: '1' }));
    await user.click(screen.getByRole('radio', { name: '6-12M' }));
    await waitFor(() => expect(search(router)).toEqual({ size: '3' }));

    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('radio', { name: '0-3M' })).toBeChecked());
    await router.navigate(-1);
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Any size' })).toBeChecked());
    expect(await screen.findByText('2 Products')).toBeInTheDocument();
    await router.navigate(1);
    await waitFor(() => expect(screen.getByRole('radio', { name: '0-3M' })).toBeChecked());
    expect(bodiesSentTo(fetchMock, 'filter')).toEqual([
      { category_id: [1], size_id: 1, page: 1 },
      { category_id: [1], size_id: 3, page: 1 },
    ]);
  });

  it("keeps the subcategory in filter and sort_filter on a subcategory's page", async () => {
    const fetchMock = stubListingApi();
    const { user } = renderRoute('/subcategory-detail/101');

    await user.selectOptions(await screen.findByRole('combobox', { name: 'Sort by' }), 'Price Low to High');
    await lastBodySentTo(fetchMock, 'sort_filter', { category_id: 1, sort_id: 3, subcategory_id: 101, page: 1 });

    await user.click(await screen.findByRole('radio', { name: '0-3M' }));
    await lastBodySentTo(fetchMock, 'filter', {
      category_id: [1],
      size_id: 1,
      sort_id: 3,
      subcategory_id: 101,
      page: 1,
    });

    // Ticking another category widens the listing beyond the subcategory.
    await user.click(screen.getByRole('checkbox', { name: 'Rompers' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [1, 2], size_id: 1, sort_id: 3, page: 1 });
  });

  it('shows the error with a way to try again when the listing cannot load', async () => {
    stubListingApi({ filter: () => new Response('oops', { status: 500 }) });
    renderRoute('/category-page/1?size=1');

    expect(await screen.findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: 'Filters' })).getByRole('button', { name: 'Clear filters' }),
    ).toBeEnabled();
  });

  it("shows the server's message for an unknown category", async () => {
    stubListingApi({
      category_product_list: () =>
        new Response(JSON.stringify({ success: false, message: 'Category not found' }), { status: 404 }),
    });
    renderRoute('/category-page/999');

    expect(await screen.findByRole('alert')).toHaveTextContent('Category not found');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
  });
});

describe('Paged product listings', () => {
  const sixty = manyProducts(60);
  const stubPagedApi = () =>
    stubListingApi({
      category_product_list: pagedListing(sixty, { category_name: 'Jhablas' }),
      sort_filter: pagedListing(sixty.toReversed()),
      filter: pagedListing(sixty.slice(0, 30)),
    });
  const cardNames = () =>
    within(screen.getByRole('list', { name: 'Jhablas' }))
      .getAllByRole('heading', { level: 2 })
      .map((heading) => heading.textContent);

  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('shows the first page of 24 with the total and where the page falls in it', async () => {
    const fetchMock = stubPagedApi();
    renderRoute('/category-page/1');

    expect(await screen.findByText('60 Products')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–24 of 60 products')).toBeInTheDocument();
    expect(cardNames()).toHaveLength(24);
    expect(cardNames()[0]).toBe('Jhabla No. 1');
    expect(bodiesSentTo(fetchMock, 'category_product_list')).toEqual([{ category_id: 1, page: 1 }]);
    const nav = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(nav).getByRole('link', { name: 'Page 3' })).toHaveAttribute('href', '/category-page/1?page=3');
  });

  it('reads ?page from the address and asks for that page', async () => {
    const fetchMock = stubPagedApi();
    renderRoute('/category-page/1?page=3');

    expect(await screen.findByText('Showing 49–60 of 60 products')).toBeInTheDocument();
    expect(cardNames()).toHaveLength(12);
    expect(cardNames()[0]).toBe('Jhabla No. 49');
    expect(bodiesSentTo(fetchMock, 'category_product_list')).toEqual([{ category_id: 1, page: 3 }]);
    expect(screen.getByRole('link', { name: 'Page 3' })).toHaveAttribute('aria-current', 'page');
  });

  it('writes the page to the address when the shopper moves on, moves them to the top of the grid, and back works', async () => {
    const scrolled = vi.fn();
    Element.prototype.scrollIntoView = scrolled;
    const fetchMock = stubPagedApi();
    const { router, user } = renderRoute('/category-page/1');

    await user.click(await screen.findByRole('link', { name: 'Next page' }));

    expect(await screen.findByText('Showing 25–48 of 60 products')).toBeInTheDocument();
    expect(search(router)).toEqual({ page: '2' });
    expect(cardNames()[0]).toBe('Jhabla No. 25');
    await lastBodySentTo(fetchMock, 'category_product_list', { category_id: 1, page: 2 });
    expect(scrolled).toHaveBeenCalledTimes(1);
    expect(scrolled.mock.contexts[0]).toContainElement(screen.getByRole('list', { name: 'Jhablas' }));
    expect(document.activeElement).toBe(scrolled.mock.contexts[0]);

    await router.navigate(-1);
    // A whole grid of cards redraws; on a busy machine that can take longer than findBy's default second.
    expect(await screen.findByText('Showing 1–24 of 60 products', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(router.state.location.search).toBe('');
    delete (Element.prototype as Partial<Element>).scrollIntoView;
  });

  it('goes back to page 1 when a filter or the sort changes', async () => {
    const fetchMock = stubPagedApi();
    const { router, user } = renderRoute('/category-page/1?page=2');

    await user.click(await screen.findByRole('radio', { name: '6-12M' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [1], size_id: 3, page: 1 });
    expect(search(router)).toEqual({ size: '3' });
    expect(await screen.findByText('Showing 1–24 of 30 products')).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Page 2' }));
    await waitFor(() => expect(search(router)).toEqual({ size: '3', page: '2' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [1], size_id: 3, page: 2 });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'New Arrivals');
    await waitFor(() => expect(search(router)).toEqual({ size: '3', sort: '1' }));
    await lastBodySentTo(fetchMock, 'filter', { category_id: [1], size_id: 3, sort_id: 1, page: 1 });
  });

  it('takes an address past the last page to the last page', async () => {
    const fetchMock = stubPagedApi();
    const { router } = renderRoute('/category-page/1?sort=2&page=99');

    expect(await screen.findByText('Showing 49–60 of 60 products')).toBeInTheDocument();
    expect(search(router)).toEqual({ sort: '2', page: '3' });
    expect(bodiesSentTo(fetchMock, 'sort_filter')).toEqual([
      { category_id: 1, sort_id: 2, page: 99 },
      { category_id: 1, sort_id: 2, page: 3 },
    ]);
    expect(screen.queryByText(NO_PRODUCTS_MESSAGE)).not.toBeInTheDocument();
  });

  it('takes an address whose page is not a number to the first page', async () => {
    const fetchMock = stubPagedApi();
    const { router } = renderRoute('/category-page/1?page=abc');

    expect(await screen.findByText('Showing 1–24 of 60 products')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(bodiesSentTo(fetchMock, 'category_product_list')).toEqual([{ category_id: 1, page: 1 }]);
  });

  it('says there is nothing to show, on page 1, when a listing is empty whatever page was asked for', async () => {
    stubListingApi({ category_product_list: pagedListing([], { category_name: 'Jhablas' }) });
    const { router } = renderRoute('/category-page/1?page=4');

    expect(await screen.findByText(NO_PRODUCTS_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(screen.queryByRole('navigation', { name: 'Pages' })).not.toBeInTheDocument();
  });
});
