import { testQueryClient } from '@kapaas/web-kit/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { PopupProvider } from '#storefront/components/popups/PopupProvider.tsx';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { jhabla, romper } from '#storefront/test/fixtures.ts';
import { WISHLIST_QUERY_KEY } from '../api/useWishlist';
import { WISHLIST_TEXTS } from '../hooks/useWishlistToggle';
import { WishlistHeart } from './WishlistHeart';

function renderHearts() {
  const queryClient = testQueryClient();
  render(
    <MemoryRouter>
      <QueryClientProvider client={queryClient}>
        <PopupProvider>
          <WishlistHeart product={jhabla} />
          <WishlistHeart product={romper} />
        </PopupProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return queryClient;
}

describe('WishlistHeart', () => {
  beforeEach(() => localStorage.clear());

  it("sets up no wishlist query for a visitor (every card's heart hydrates as a visitor's), and says to log in", async () => {
    const queryClient = renderHearts();
    expect(queryClient.getQueryCache().findAll({ queryKey: WISHLIST_QUERY_KEY })).toEqual([]);

    await userEvent.click(screen.getByRole('button', { name: `Save ${jhabla.name} to wishlist` }));
    expect(await screen.findByText(WISHLIST_TEXTS.needsLogin)).toBeInTheDocument();
  });

  it("shows a user's saved product as saved, from one wishlist query", async () => {
    localStorage.setItem('userId', '7');
    localStorage.setItem('userName', 'Asha');
    stubApi({ wishlist: { success: true, product: [romper] } });
    const queryClient = renderHearts();

    const saved = screen.getByRole('button', { name: `Save ${romper.name} to wishlist` });
    await expect.poll(() => saved.getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: `Save ${jhabla.name} to wishlist` })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
    expect(queryClient.getQueryCache().findAll({ queryKey: WISHLIST_QUERY_KEY })).toHaveLength(1);
  });
});
