import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

describe('The frame around every page', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('leaves the first page where the shopper scrolled it, and starts each next page at its top', async () => {
    stubApi({ category_list: categoryList });
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user } = renderRoute('/about');
    await screen.findByRole('navigation', { name: 'Categories' });
    expect(scrollTo).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole('link', { name: /^Contact/ })[0] as HTMLElement);
    await vi.waitFor(() => expect(scrollTo).toHaveBeenCalledWith(0, 0));
  });
});
