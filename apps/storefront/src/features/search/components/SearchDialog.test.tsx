import type { SearchKeyWordAnswer } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhablaDetail } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

const jhablaMatches: SearchKeyWordAnswer = {
  success: true,
  search_key_word: {
    product: [
      { product_id: 11, product_name: 'Organic Cotton Jhabla – Leaf Print' },
      { product_id: 15, product_name: 'Jhabla Gift Set' },
    ],
    category: [{ category_id: 1, category_name: 'Jhablas' }],
  },
};

function searchCalls(fetchMock: ReturnType<typeof stubApi>) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith('/api/search_key_word'))
    .map(([, init]) => JSON.parse(String(init?.body)) as { key_word: string });
}

async function openSearch(user: ReturnType<typeof renderRoute>['user']) {
  await user.click(screen.getByRole('button', { name: 'Search' }));
  const dialog = await screen.findByRole('dialog', { name: 'Search' });
  const box = within(dialog).getByRole('combobox', { name: 'Search products and categories' });
  await waitFor(() => expect(box).toHaveFocus());
  return { dialog, box };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('Search popup', () => {
  it('asks nothing for blank text', async () => {
    const fetchMock = stubApi({ category_list: categoryList, search_key_word: jhablaMatches });
    const { user } = renderRoute('/about');
    const { dialog, box } = await openSearch(user);

    await user.type(box, '   ');
    await pause(400);

    expect(searchCalls(fetchMock)).toEqual([]);
    expect(within(dialog).getByText('Type a word to find products and categories.')).toBeInTheDocument();
  });

  it('waits until typing pauses, then asks once and lists products and categories as links', async () => {
    const fetchMock = stubApi({ category_list: categoryList, search_key_word: jhablaMatches });
    const { user } = renderRoute('/about');
    const { dialog, box } = await openSearch(user);

    await user.type(box, 'jhab');

    const listbox = await within(dialog).findByRole('listbox', { name: 'Search results' });
    expect(searchCalls(fetchMock)).toEqual([{ key_word: 'jhab' }]);
    expect(within(listbox).getByRole('group', { name: 'Products' })).toBeInTheDocument();
    expect(within(listbox).getByRole('option', { name: 'Jhabla Gift Set' })).toHaveAttribute(
      'href',
      '/product-detail/15-jhabla-gift-set',
    );
    expect(within(listbox).getByRole('option', { name: 'Jhablas' })).toHaveAttribute('href', '/category-page/1');
    expect(box).toHaveAttribute('aria-expanded', 'true');
  });

  it('moves through the results with the arrow keys and opens one with Enter', async () => {
    stubApi({ category_list: categoryList, search_key_word: jhablaMatches, product_detail: jhablaDetail });
    const { user, router } = renderRoute('/about');
    const { dialog, box } = await openSearch(user);
    await user.type(box, 'jhabla');
    await within(dialog).findByRole('listbox');

    const option = (name: string) => within(dialog).getByRole('option', { name });
    await user.keyboard('{ArrowDown}');
    expect(option('Organic Cotton Jhabla – Leaf Print')).toHaveAttribute('aria-selected', 'true');
    expect(box).toHaveAttribute('aria-activedescendant', option('Organic Cotton Jhabla – Leaf Print').id);

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(option('Jhablas')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');
    expect(option('Organic Cotton Jhabla – Leaf Print')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}');
    expect(option('Jhablas')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowUp}{ArrowUp}');
    expect(option('Organic Cotton Jhabla – Leaf Print')).toHaveAttribute('aria-selected', 'true');
    expect(option('Jhabla Gift Set')).toHaveAttribute('aria-selected', 'false');
    expect(box).toHaveFocus();

    await user.keyboard('{Enter}');

    await waitFor(() =>
      expect(router.state.location.pathname).toBe('/product-detail/11-organic-cotton-jhabla-leaf-print'),
    );
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organic Cotton Jhabla – Leaf Print' }),
    ).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument());
  });

  it('says so when nothing matches', async () => {
    stubApi({
      category_list: categoryList,
      search_key_word: { success: true, search_key_word: { product: [], category: [] } },
    });
    const { user } = renderRoute('/about');
    const { dialog, box } = await openSearch(user);

    await user.type(box, 'tractor');

    expect(await within(dialog).findByText('No results for “tractor”.')).toBeInTheDocument();
    expect(box).toHaveAttribute('aria-expanded', 'false');
  });

  it('closes with Escape and gives focus back to the search button', async () => {
    stubApi({ category_list: categoryList });
    const { user } = renderRoute('/about');
    await openSearch(user);

    await user.keyboard('{Escape}');

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Search' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Search' })).toHaveFocus();
  });
});
