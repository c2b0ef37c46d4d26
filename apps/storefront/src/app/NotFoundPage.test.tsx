import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '../../test/fakeApi';
import { bannerList, categoryList } from '../../test/fixtures';
import { renderRoute } from '../../test/renderRoute';

describe('Not-found page', () => {
  it('answers an unknown address with a friendly page and a link home that works', async () => {
    stubApi({ category_list: categoryList, banner_list: bannerList });
    const { user, router } = renderRoute('/no-such-page');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(document.title).toBe('Page not found | Kapaas');

    await user.click(screen.getByRole('link', { name: 'Back to the home page' }));

    expect(await screen.findByRole('heading', { name: 'Soft as a Cloud' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('answers a product address whose id cannot exist', async () => {
    const fetchMock = stubApi({ category_list: categoryList });
    renderRoute('/product-detail/not-a-number');

    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/product_detail', expect.anything());
  });
});
