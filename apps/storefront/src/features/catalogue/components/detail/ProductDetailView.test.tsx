import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../../../test/fakeApi';
import { categoryList, jhablaDetail } from '../../../../../test/fixtures';
import { renderRoute } from '../../../../../test/renderRoute';

describe('Product detail page', () => {
  it('shows the product with its category, prices, description and sizes', async () => {
    stubApi({ category_list: categoryList, product_detail: jhablaDetail });
    renderRoute('/product-detail/11');

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Organic Cotton Jhabla – Leaf Print' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Organic Cotton Jhabla – Leaf Print | Kapaas');
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: 'Jhablas' })).toHaveAttribute('href', '/category-page/1');
    expect(screen.getByText('₹749')).toBeInTheDocument();
    expect(screen.getByText('₹899').tagName).toBe('S');
    expect(screen.getByText('A breezy jhabla in GOTS certified organic cotton.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Organic Cotton Jhabla – Leaf Print' })).toHaveAttribute(
      'src',
      '/media/demo/jhabla-leaf-front.svg',
    );
  });

  it('disables sold-out sizes, preselects the first size in stock and lets the shopper pick another', async () => {
    stubApi({ category_list: categoryList, product_detail: jhablaDetail });
    const { user } = renderRoute('/product-detail/11');

    expect(await screen.findByRole('button', { name: '0-3M (sold out)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '3-6M' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: '6-12M' }));

    expect(screen.getByRole('button', { name: '6-12M' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('button', { name: '3-6M' })).toHaveAttribute('aria-pressed', 'false');
  });
});
