import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../../test/fakeApi';
import { categoryList, jhablaProducts } from '../../../../../test/fixtures';
import { renderRoute } from '../../../../../test/renderRoute';

describe('Product listings', () => {
  it('shows a category with its product count and cards', async () => {
    const fetchMock = stubApi({ category_list: categoryList, category_product_list: jhablaProducts });
    renderRoute('/category-page/1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Jhablas' })).toBeInTheDocument();
    expect(screen.getByText('2 Products')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /shop now/i })).toHaveLength(2);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/category_product_list',
      expect.objectContaining({ body: JSON.stringify({ category_id: 1 }) }),
    );
  });

  it('asks for a subcategory by its id on the subcategory detail page', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      category_product_list: { ...jhablaProducts, category_name: 'Sleeveless Jhablas' },
    });
    renderRoute('/subcategory-detail/101');

    expect(await screen.findByRole('heading', { level: 1, name: 'Sleeveless Jhablas' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/category_product_list',
      expect.objectContaining({ body: JSON.stringify({ subcategory_id: 101 }) }),
    );
  });
});
