import { screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhabla, romper } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

function asUser() {
  localStorage.setItem('userId', '7');
  localStorage.setItem('userName', 'Asha');
}

describe('Wishlist page', () => {
  beforeEach(() => localStorage.clear());

  it('shows the saved products with a remove icon and Shop Now', async () => {
    asUser();
    stubApi({ category_list: categoryList, wishlist: { success: true, product: [jhabla, romper] } });
    renderRoute('/wishlist?user_id=7');
    expect(await screen.findByRole('heading', { level: 2, name: jhabla.name })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: `Remove ${romper.name} from wishlist` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: `Shop Now: ${jhabla.name}` })).toHaveAttribute(
      'href',
      `/product-detail/${jhabla.product_id}-organic-cotton-jhabla-leaf-print`,
    );
  });

  it("says 'Your Wishlist is Empty !' when nothing is saved", async () => {
    asUser();
    stubApi({ category_list: categoryList, wishlist: { success: true, product: [] } });
    renderRoute('/wishlist');
    expect(await screen.findByText('Your Wishlist is Empty !')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continue Shopping' })).toHaveAttribute('href', '/');
  });

  it('removes a product, tells so and shows the empty text', async () => {
    asUser();
    let saved = [jhabla];
    const api = stubApi({
      category_list: categoryList,
      wishlist: () => ({ success: true, product: saved }),
      remove_wishlist: () => {
        saved = [];
        return { success: true, message: 'Product removed successfully from Wishlist.' };
      },
    });
    const { user } = renderRoute('/wishlist');
    await user.click(await screen.findByRole('button', { name: `Remove ${jhabla.name} from wishlist` }));
    expect(await screen.findByText('Product removed successfully from Wishlist.')).toBeInTheDocument();
    expect(await screen.findByText('Your Wishlist is Empty !')).toBeInTheDocument();
    const call = api.mock.calls.find(([url]) => String(url).endsWith('/api/remove_wishlist'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ user_id: 7, product_id: jhabla.product_id });
  });

  it("says 'Failed to remove product from wishlist.' and keeps the card when the server refuses", async () => {
    asUser();
    stubApi({
      category_list: categoryList,
      wishlist: { success: true, product: [jhabla] },
      remove_wishlist: () => json(404, { success: false, message: 'Not saved.' }),
    });
    const { user } = renderRoute('/wishlist');
    await user.click(await screen.findByRole('button', { name: `Remove ${jhabla.name} from wishlist` }));
    expect(await screen.findByText('Failed to remove product from wishlist.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: jhabla.name })).toBeInTheDocument());
  });

  it('asks a visitor to log in or continue as a guest, and a guest to log in', async () => {
    stubApi({ category_list: categoryList });
    const { unmount } = renderRoute('/wishlist');
    expect(await screen.findByText('Please log in or continue as a guest to view your wishlist.')).toBeInTheDocument();
    unmount();

    localStorage.setItem('guest_id', '31');
    localStorage.setItem('userId', '31');
    localStorage.setItem('userName', 'Guest');
    renderRoute('/wishlist');
    expect(await screen.findByText('Please log in to use the wishlist feature.')).toBeInTheDocument();
  });
});
