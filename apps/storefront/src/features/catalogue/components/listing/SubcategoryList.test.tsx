import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhablaSubcategories } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

describe('Subcategory list page', () => {
  it('shows the category name and links each subcategory to its products', async () => {
    const fetchMock = stubApi({ category_list: categoryList, subcategory_list: jhablaSubcategories });
    renderRoute('/subcategory/1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Jhablas' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sleeveless Jhablas' })).toHaveAttribute('href', '/subcategory-detail/101');
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/subcategory_list',
      expect.objectContaining({ body: JSON.stringify({ category_id: 1 }) }),
    );
  });

  it('says so when the category has no subcategories', async () => {
    stubApi({
      category_list: categoryList,
      subcategory_list: { success: true, category_name: 'Swaddles', Subcategory: [] },
    });
    renderRoute('/subcategory/3');

    expect(await screen.findByText('No subcategories available for this category.')).toBeInTheDocument();
  });

  it('shows the server message without a retry button when the category does not exist', async () => {
    stubApi({
      category_list: categoryList,
      subcategory_list: () =>
        new Response(JSON.stringify({ success: false, message: 'Category not found' }), { status: 404 }),
    });
    renderRoute('/subcategory/999');

    expect(await screen.findByRole('alert')).toHaveTextContent('Category not found');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
  });
});
