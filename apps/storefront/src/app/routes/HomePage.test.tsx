import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { adsList, bannerList, categoryList, featuredProductList, testimonialList } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

function stubHomeApi() {
  return stubApi({
    category_list: categoryList,
    banner_list: bannerList,
    featured_product_list: featuredProductList,
    ads_list: adsList,
    testimonial_list: testimonialList,
  });
}

describe('Home page', () => {
  it('shows the banners with sanitized captions and the mobile picture source', async () => {
    stubHomeApi();
    renderRoute('/');

    const banners = await screen.findByRole('region', { name: 'Featured collections' });
    expect(await within(banners).findByRole('heading', { name: 'Soft as a Cloud' })).toBeInTheDocument();
    expect(within(banners).getByRole('heading', { name: 'Summer Muslins' })).toBeInTheDocument();
    // A caption is rich text, cleaned in the browser by DOMPurify, which loads when first needed.
    expect(await within(banners).findByText('newborns')).toBeInTheDocument();
    expect(banners.querySelector('script')).toBeNull();
    expect(banners.querySelector('source')).toHaveAttribute('media', '(max-width: 575.98px)');
    expect(banners.querySelector('source')).toHaveAttribute('srcset', '/media/demo/banner-cloud-mobile.svg');
    expect(within(banners).getByRole('button', { name: 'Next banner' })).toBeInTheDocument();
    expect(within(banners).getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();
  });

  it('shows the category grid linking each category to its subcategories', async () => {
    stubHomeApi();
    renderRoute('/');

    const grid = await screen.findByRole('region', { name: 'Shop by Category' });
    expect(await within(grid).findByRole('link', { name: 'Rompers' })).toHaveAttribute('href', '/subcategory/2');
    expect(within(grid).getAllByRole('link')).toHaveLength(3);
  });

  it('shows the Best Selling and New Arrivals carousels with their products', async () => {
    stubHomeApi();
    renderRoute('/');

    const bestSelling = await screen.findByRole('region', { name: 'Best Selling' });
    expect(
      within(bestSelling).getByRole('heading', { name: 'Organic Cotton Jhabla – Leaf Print' }),
    ).toBeInTheDocument();
    expect(within(bestSelling).getByRole('heading', { name: 'Muslin Romper – Sage' })).toBeInTheDocument();
    expect(within(bestSelling).getAllByRole('group', { name: /of 2/ })).toHaveLength(2);

    const newArrivals = screen.getByRole('region', { name: 'New Arrivals' });
    expect(within(newArrivals).getByRole('link', { name: /shop now: swaddle set of two/i })).toHaveAttribute(
      'href',
      '/product-detail/13-swaddle-set-of-two',
    );
  });

  it('shows the ads with the fixed starting price and the testimonials', async () => {
    stubHomeApi();
    renderRoute('/');

    const offers = await screen.findByRole('region', { name: 'Special offers' });
    expect(await within(offers).findByRole('heading', { name: 'Naturally Dyed' })).toBeInTheDocument();
    expect(within(offers).getByText('Starting at ₹1,500')).toBeInTheDocument();

    const testimonials = screen.getByRole('region', { name: 'What Parents Say' });
    expect(await within(testimonials).findByText('The softest clothes my daughter owns.')).toBeInTheDocument();
    expect(within(testimonials).getByText('Ananya Rao')).toBeInTheDocument();
    // In the owner's colours, once the page runs (the server's HTML carries none: its policy refuses them).
    const card = within(testimonials).getByText('Ananya Rao').closest('figure');
    expect(card?.style.backgroundColor).toBe('rgb(246, 228, 219)');
    expect(card?.style.borderColor).toBe('rgb(192, 102, 74)');
  });

  it('offers to try again when a section fails to load', async () => {
    stubApi({
      category_list: categoryList,
      banner_list: () => new Response('{}', { status: 503 }),
      featured_product_list: featuredProductList,
      ads_list: adsList,
      testimonial_list: testimonialList,
    });
    const { user } = renderRoute('/');

    const banners = await screen.findByRole('region', { name: 'Featured collections' });
    expect(await within(banners).findByRole('alert')).toHaveTextContent('An error occurred. Please try again.');
    stubHomeApi();
    await user.click(within(banners).getByRole('button', { name: 'Try again' }));
    expect(await within(banners).findByRole('heading', { name: 'Soft as a Cloud' })).toBeInTheDocument();
  });
});
