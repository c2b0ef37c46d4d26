import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../../test/fakeApi';
import { categoryList } from '../../../test/fixtures';
import { renderRoute } from '../../../test/renderRoute';

describe('Site header', () => {
  it('links each category and lists its subcategories in a menu', async () => {
    stubApi({ category_list: categoryList });
    const { user } = renderRoute('/about');

    const nav = await screen.findByRole('navigation', { name: 'Categories' });
    expect(await within(nav).findByRole('link', { name: 'Jhablas' })).toHaveAttribute('href', '/category-page/1');

    await user.click(within(nav).getByRole('button', { name: 'Jhablas subcategories' }));

    expect(await within(nav).findByRole('link', { name: 'Half Sleeve Jhablas' })).toHaveAttribute(
      'href',
      '/subcategory-detail/102',
    );
  });

  it('opens the mobile menu with the same links and closes it after navigating', async () => {
    stubApi({
      category_list: categoryList,
      category_product_list: { success: true, category_name: 'Muslin Rompers', product: [] },
    });
    const { user, router } = renderRoute('/about');

    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Menu' });
    await user.click(within(menu).getByRole('link', { name: 'Muslin Rompers' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Muslin Rompers' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/subcategory-detail/201');
    expect(screen.getByRole('button', { name: 'Open menu' })).toHaveAttribute('aria-expanded', 'false');
  });

  it('has the shopping icons as named links and the footer quick links', async () => {
    stubApi({ category_list: categoryList });
    renderRoute('/about');

    expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist');
    expect(screen.getByRole('link', { name: 'Shopping cart' })).toHaveAttribute('href', '/shoping-cart');
    expect(screen.getByRole('link', { name: 'Kapaas home' })).toHaveAttribute('href', '/');
    expect(screen.getByText(`© ${new Date().getFullYear()} Kapaas`)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'About Us' })).toBeInTheDocument();
  });
});
