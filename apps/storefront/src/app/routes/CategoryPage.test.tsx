import { QueryClient } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhabla, jhablaProducts, romper } from '#storefront/test/fixtures.ts';
import { AppProviders } from '../providers';
import { CategoryPage } from './CategoryPage';
import { SubcategoryDetailPage } from './SubcategoryDetailPage';

function renderPage(path: string, element: ReactNode, at: string) {
  stubApi({
    category_list: categoryList,
    size: { success: true, sizes: [] },
    gender_list: { success: true, state: [] },
    pattern: { success: true, patterns: [] },
    category_product_list: jhablaProducts,
  });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [at] });
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
}

const saveButton = (product: { name: string }) => <button type="button">Save {product.name}</button>;

describe('listing routes', () => {
  it('draw the card actions the route is given on each card of a category', async () => {
    renderPage('/category-page/:categoryId', <CategoryPage cardActions={saveButton} />, '/category-page/1');

    expect(await screen.findByRole('button', { name: `Save ${jhabla.name}` })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Save ${romper.name}` })).toBeInTheDocument();
  });

  it('draw them on a subcategory too', async () => {
    renderPage(
      '/subcategory-detail/:subcategoryId',
      <SubcategoryDetailPage cardActions={saveButton} />,
      '/subcategory-detail/101',
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Sleeveless Jhablas' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: `Save ${jhabla.name}` })).toBeInTheDocument();
  });

  it('show the not-found page for an id that is not a number', async () => {
    renderPage('/category-page/:categoryId', <CategoryPage />, '/category-page/abc');

    expect(await screen.findByRole('link', { name: 'Back to the home page' })).toBeInTheDocument();
  });
});
