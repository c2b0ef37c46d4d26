import { testQueryClient } from '@kapaas/web-kit/testing';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhablaDetail, romper } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';
import { ProductDetailView } from './ProductDetailView';

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
    // The description is rich text: the browser cleans it (DOMPurify, loaded when first needed) before it shows it.
    expect(await screen.findByText('A breezy jhabla in GOTS certified organic cotton.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Organic Cotton Jhabla – Leaf Print' })).toHaveAttribute(
      'src',
      '/media/demo/jhabla-leaf-front.svg',
    );
  });

  it('keeps the owner’s SEO title in the browser tab after hydration, as the server’s head gave it', async () => {
    const detail = {
      ...jhablaDetail,
      products: { ...jhablaDetail.products, seo_title: 'Leaf Print Jhabla for Newborns' },
    };
    stubApi({ category_list: categoryList, product_detail: detail });
    renderRoute('/product-detail/11');
    expect(await screen.findByRole('heading', { level: 1, name: 'Organic Cotton Jhabla – Leaf Print' })).toBeVisible();
    expect(document.title).toBe('Leaf Print Jhabla for Newborns');
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

describe('the product page’s tabs and size chart', () => {
  it('moves between the tabs with the arrow keys, Home and End, as the ARIA tabs pattern says', async () => {
    stubApi({ category_list: categoryList, product_detail: jhablaDetail });
    const { user } = renderRoute('/product-detail/11');
    const first = await screen.findByRole('tab', { name: 'Product Detail', selected: true });
    await user.click(first);
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Description', selected: true })).toHaveFocus();
    const description = screen.getByRole('tabpanel', { name: 'Description' });
    await waitFor(() => expect(description).toHaveTextContent('A breezy jhabla'));
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Wash Care', selected: true })).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Product Detail', selected: true })).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Wash Care', selected: true })).toHaveFocus();
    await user.keyboard('{Home}');
    expect(screen.getByRole('tabpanel', { name: 'Product Detail' })).toHaveTextContent('100% organic cotton.');
  });

  it('opens the size chart from "Size chart": the sizes in rows, in cm and kg, then in inches and pounds', async () => {
    const row = (size_id: number, size: string, ages: [number, number], heights: [number, number]) => ({
      size_id,
      size,
      age_min_months: ages[0],
      age_max_months: ages[1],
      height_min_cm: heights[0],
      height_max_cm: heights[1],
      weight_min_kg: 7.6,
      weight_max_kg: 9.3,
      chest_cm: 47,
      length_cm: 41,
    });
    const chart = { rows: [row(3, '6-12M', [6, 12], [67, 75]), row(6, '2-3Y', [24, 36], [87, 96])] };
    stubApi({
      category_list: categoryList,
      product_detail: { ...jhablaDetail, products: { ...jhablaDetail.products, size_chart: chart } },
    });
    const { user } = renderRoute('/product-detail/11');
    const open = await screen.findByText('Size chart', { selector: 'summary' });
    const details = open.closest('details');
    expect(details).not.toHaveAttribute('open');
    await user.click(open);
    expect(details).toHaveAttribute('open');
    const panel = screen.getByRole('region', { name: 'Size chart' });
    expect(within(panel).getByRole('heading', { name: 'Size chart' })).toBeInTheDocument();
    const [metric, imperial] = within(panel).getAllByRole('table');
    if (!metric || !imperial) throw new Error('two tables');
    expect(
      within(metric)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Size', 'Age', 'Height', 'Weight', 'Chest', 'Length']);
    const metricRow = within(metric).getByRole('row', { name: /^6-12M/ });
    expect(within(metricRow).getByRole('rowheader')).toHaveTextContent('6-12M');
    expect(metricRow).toHaveTextContent('6–12 months67–75 cm7.6–9.3 kg47 cm41 cm');
    expect(within(metric).getByRole('row', { name: /^2-3Y/ })).toHaveTextContent('2–3 years87–96 cm');
    expect(within(imperial).getByRole('row', { name: /^6-12M/ })).toHaveTextContent(
      '6–12 months26.4–29.5 in16.8–20.5 lb18.5 in16.1 in',
    );
    expect(within(metric).queryByRole('row', { name: /^0-3M/ })).toBeNull();
  });

  it('offers no size chart when the product has none', async () => {
    stubApi({ category_list: categoryList, product_detail: jhablaDetail });
    renderRoute('/product-detail/11');
    await screen.findByRole('tab', { name: 'Product Detail' });
    expect(screen.queryByText('Size chart')).toBeNull();
  });
});

describe('choosing a size', () => {
  it('re-renders the buying controls, not the pictures, the related products or the reviews', async () => {
    stubApi({ product_detail: jhablaDetail });
    // The page's slots, as the route gives them: each call is a render of the part they sit in.
    const cardActions = vi.fn(() => null);
    const reviews = vi.fn(() => null);
    const user = userEvent.setup();
    render(
      <MemoryRouter>
        <QueryClientProvider client={testQueryClient()}>
          <ProductDetailView productId={11} renderCardActions={cardActions} renderReviews={reviews} />
        </QueryClientProvider>
      </MemoryRouter>,
    );
    await screen.findByRole('button', { name: '6-12M' });
    expect(cardActions).toHaveBeenCalled();
    const before = { cards: cardActions.mock.calls.length, reviews: reviews.mock.calls.length };
    const picture = screen.getAllByRole('img', { name: /Organic Cotton Jhabla/ })[0];

    await user.click(screen.getByRole('button', { name: '6-12M' }));
    expect(screen.getByRole('button', { name: '6-12M' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: '3-6M' }));

    expect(cardActions.mock.calls.length, 'the related products rendered again').toBe(before.cards);
    expect(reviews.mock.calls.length, 'the reviews rendered again').toBe(before.reviews);
    expect(screen.getAllByRole('img', { name: /Organic Cotton Jhabla/ })[0]).toBe(picture);
  });
});
