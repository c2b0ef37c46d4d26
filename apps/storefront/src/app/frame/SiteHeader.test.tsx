import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, onePage } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { forgetIdentity, rememberGuest, rememberUser } from '../../lib/session';

describe('Site header', () => {
  beforeEach(() => {
    localStorage.clear();
    forgetIdentity();
  });

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
      category_product_list: { success: true, category_name: 'Muslin Rompers', ...onePage([]) },
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

  it('offers Login, My Profile and Sign Up to a visitor, and asks before showing the cart or wishlist', async () => {
    stubApi({ category_list: categoryList });
    const { user, router } = renderRoute('/about');

    const account = screen.getByRole('button', { name: 'Account' });
    expect(account).toHaveAttribute('aria-expanded', 'false');
    await user.click(account);
    expect(account).toHaveAttribute('aria-expanded', 'true');
    expect(await screen.findByRole('link', { name: 'Login' })).toHaveAttribute('href', '/Login-Page');
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/myprofile');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveAttribute('href', '/Register-Page');
    // Escape closes the menu and gives the focus back to its button.
    screen.getByRole('link', { name: 'Login' }).focus();
    await user.keyboard('{Escape}');
    expect(account).toHaveAttribute('aria-expanded', 'false');
    expect(account).toHaveFocus();

    await user.click(screen.getByRole('link', { name: 'Shopping cart' }));
    expect(await screen.findByRole('dialog', { name: 'Login or continue as a Guest' })).toHaveAccessibleDescription(
      'Please log in or continue as a guest to view your cart.',
    );
    expect(router.state.location.pathname).toBe('/about');
    await user.keyboard('{Escape}');

    await user.click(screen.getByRole('link', { name: 'Wishlist' }));
    expect(await screen.findByText('Please log in or continue as a guest to view your wishlist.')).toBeInTheDocument();
  });

  it('greets a logged-in user and shows the cart count', async () => {
    rememberUser({ id: 7, name: 'Asha' });
    stubApi({
      category_list: categoryList,
      cart_list: { success: true, product: [], total_items: 4, total_amount: 3000 },
    });
    renderRoute('/about');

    expect(screen.getByRole('link', { name: 'Welcome Asha' })).toHaveAttribute('href', '/myprofile');
    expect(screen.queryByRole('button', { name: 'Account' })).not.toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Shopping cart, 4 items' })).toHaveAttribute(
      'href',
      '/shoping-cart',
    );
    expect(screen.getByRole('link', { name: 'Wishlist' })).toHaveAttribute('href', '/wishlist?user_id=7');
  });

  it('greets a guest as Guest and sends only the guest id for the cart', async () => {
    rememberGuest(42);
    const api = stubApi({
      category_list: categoryList,
      cart_list: { success: true, product: [], total_items: 0, total_amount: 0 },
    });
    renderRoute('/about');

    expect(screen.getByRole('link', { name: 'Welcome Guest' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Shopping cart, 0 items' })).toBeInTheDocument();
    const cartCall = api.mock.calls.find(([url]) => String(url).endsWith('/cart_list'));
    expect(JSON.parse(String(cartCall?.[1]?.body))).toEqual({ guest_id: 42 });
  });

  it('stops greeting a shopper whose session the server no longer knows', async () => {
    rememberUser({ id: 7, name: 'Asha' });
    stubApi({
      category_list: categoryList,
      cart_list: () => json(401, { success: false, message: 'No user or guest session found. Please log in.' }),
    });
    renderRoute('/about');

    expect(screen.getByRole('link', { name: 'Welcome Asha' })).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Account' })).toBeInTheDocument();
    expect(localStorage.getItem('userName')).toBeNull();
  });
});
