import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhablaDetail, romper } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

describe('Product detail page', () => {
  beforeEach(() => localStorage.clear());

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

  it('shows its reviews’ rating linking to them, the tabs and what else the shopper may like', async () => {
    stubApi({ category_list: categoryList, product_detail: jhablaDetail });
    const { user } = renderRoute('/product-detail/11');

    const rating = await screen.findByRole('link', { name: 'Rated 4.3 out of 5, 12 reviews' });
    expect(rating).toHaveAttribute('href', '#reviews');
    expect(screen.getByRole('tab', { name: 'Product Detail', selected: true })).toBeInTheDocument();
    expect(screen.getByText('100% organic cotton.')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Wash Care' }));
    expect(screen.getByText('Gentle hand wash.')).toBeInTheDocument();

    const related = screen.getByRole('region', { name: 'You may also like' });
    expect(within(related).getByRole('heading', { name: romper.name })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Reviews' })).toHaveAttribute('id', 'reviews');
    expect(screen.queryByText(/Customer Feedback/)).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue To Shopping' })).toHaveAttribute('href', '/');
  });

  it('shows no rating at all for a product without reviews', async () => {
    stubApi({
      category_list: categoryList,
      product_detail: {
        ...jhablaDetail,
        products: { ...jhablaDetail.products, rating_average: null, rating_count: 0 },
      },
    });
    renderRoute('/product-detail/11');
    await screen.findByRole('heading', { level: 1, name: 'Organic Cotton Jhabla – Leaf Print' });
    expect(screen.queryByRole('link', { name: /^Rated/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('img', { name: /^Rated/ })).not.toBeInTheDocument();
  });

  it('steps the quantity from 1 to the size’s max_quantity and clamps it when a smaller size is chosen', async () => {
    stubApi({ category_list: categoryList, product_detail: jhablaDetail });
    const { user } = renderRoute('/product-detail/11');

    const quantity = await screen.findByRole('spinbutton', { name: 'Quantity' });
    const more = screen.getByRole('button', { name: 'Increase quantity' });
    const less = screen.getByRole('button', { name: 'Decrease quantity' });
    expect(quantity).toHaveValue(1);
    expect(less).toBeDisabled();

    for (let i = 0; i < 6; i += 1) if (!more.hasAttribute('disabled')) await user.click(more);
    expect(quantity).toHaveValue(5);
    expect(more).toBeDisabled();

    await user.click(screen.getByRole('button', { name: '6-12M' }));
    expect(quantity).toHaveValue(3);
    expect(more).toBeDisabled();

    await user.clear(quantity);
    await user.type(quantity, '9');
    await user.tab();
    expect(quantity).toHaveValue(3);
  });
});
