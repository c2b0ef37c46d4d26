import type { Review, ReviewListAnswer } from '@kapaas/contract';
import { screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetIdentity, rememberUser } from '#storefront/lib/session.ts';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhablaDetail } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

const at = '2026-11-20T09:30:00.000Z';

const review = (id: number, fields: Partial<Review> = {}): Review => ({
  review_id: id,
  rating: 5,
  title: 'Soft after every wash',
  text: 'My daughter wears it every day and it is still soft.',
  fit: 'true_to_size',
  size: '2-3Y',
  author: 'Ananya R.',
  verified_purchase: true,
  photos: [],
  helpful_count: 2,
  created_at: at,
  updated_at: at,
  mine: false,
  ...fields,
});

const noReviews: ReviewListAnswer = {
  success: true,
  average: null,
  count: 0,
  distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
  fit: null,
  page: 1,
  per_page: 5,
  pages: 0,
  reviews: [],
  can_review: false,
  my_review: null,
};

const twelveReviews: ReviewListAnswer = {
  ...noReviews,
  average: 4.3,
  count: 12,
  distribution: { 1: 1, 2: 0, 3: 1, 4: 3, 5: 7 },
  fit: { most: 'true_to_size', answers: 12, runs_small: 2, true_to_size: 9, runs_large: 1 },
  pages: 3,
  reviews: [
    review(31),
    review(30, {
      rating: 4,
      title: null,
      author: 'Karthik S.',
      fit: 'runs_small',
      photos: ['/media/uploads/0123456789abcdef01234567-800.webp'],
    }),
  ],
};

/** The product page with review_list answering `answer` (a function of the request, or one answer). */
function productPage(reviewList: ReviewListAnswer | ((body: Record<string, unknown>) => object), more = {}) {
  const fetchMock = stubApi({
    category_list: categoryList,
    product_detail: jhablaDetail,
    review_list: reviewList,
    ...more,
  });
  const view = renderRoute('/product-detail/11');
  return { ...view, fetchMock };
}

function callsTo(fetchMock: ReturnType<typeof stubApi>, endpoint: string) {
  return fetchMock.mock.calls
    .filter(([url]) => String(url).endsWith(`/api/${endpoint}`))
    .map(
      ([, init]) => (typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body) as Record<string, unknown>,
    );
}

const reviewsRegion = () => screen.findByRole('region', { name: 'Reviews' });

describe('The product page’s reviews', () => {
  beforeEach(() => localStorage.clear());
  afterEach(() => forgetIdentity());

  it('says there are none yet, and offers no form to a shopper who has not bought it', async () => {
    const { fetchMock } = productPage(noReviews);
    const region = await reviewsRegion();
    expect(await within(region).findByText('No reviews yet.')).toBeInTheDocument();
    expect(within(region).queryByRole('button', { name: 'Write a review' })).not.toBeInTheDocument();
    expect(within(region).queryByRole('img', { name: /Rated/ })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'review_list')).toEqual([{ product_id: 11, page: 1, sort: 'recent' }]);
  });

  it('offers "Write a review" to a buyer, asking as that shopper', async () => {
    rememberUser({ id: 7, name: 'Asha' });
    const { fetchMock } = productPage({ ...noReviews, can_review: true });
    const region = await reviewsRegion();
    expect(await within(region).findByRole('button', { name: 'Write a review' })).toBeInTheDocument();
    expect(within(region).getByText('No reviews yet.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'review_list')).toEqual([{ user_id: 7, product_id: 11, page: 1, sort: 'recent' }]);
  });

  it('still shows the reviews, as anyone sees them, to a shopper whose session has ended', async () => {
    rememberUser({ id: 7, name: 'Asha' });
    const { fetchMock } = productPage((body) =>
      body.user_id === undefined ? twelveReviews : json(401, { success: false, message: 'Please log in again.' }),
    );
    const region = await reviewsRegion();
    expect(await within(region).findByRole('article', { name: 'Soft after every wash' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'review_list')).toEqual([
      { user_id: 7, product_id: 11, page: 1, sort: 'recent' },
      { product_id: 11, page: 1, sort: 'recent' },
    ]);
  });

  it("draws each star count's bar to its share with no style attribute, which the page's policy would refuse", async () => {
    productPage(twelveReviews);
    const region = await reviewsRegion();
    const bars = await within(region).findByRole('list', { name: 'How the stars are spread' });
    const shares = within(bars)
      .getAllByRole('listitem')
      .map((row) => row.querySelector('.review-summary__bar rect')?.getAttribute('width'));
    // 7, 3, 1, 0 and 1 of 12 reviews.
    expect(shares).toEqual(['58', '25', '8', '0', '8']);
    expect(bars.querySelectorAll('[style]')).toHaveLength(0);
  });

  it('shows the average, the count, a bar per star count, the fit and each review', async () => {
    productPage(twelveReviews);
    const region = await reviewsRegion();
    expect(await within(region).findByRole('img', { name: 'Rated 4.3 out of 5, 12 reviews' })).toBeInTheDocument();
    expect(within(region).getByText('4.3')).toBeInTheDocument();
    const bars = within(region).getByRole('list', { name: 'How the stars are spread' });
    expect(
      within(bars)
        .getAllByRole('listitem')
        .map((row) => row.textContent),
    ).toEqual([
      '5 stars: 7 reviews5★7',
      '4 stars: 3 reviews4★3',
      '3 stars: 1 review3★1',
      '2 stars: 0 reviews2★0',
      '1 star: 1 review1★1',
    ]);
    expect(within(region).getByText('Most buyers say: true to size')).toBeInTheDocument();

    const first = within(region).getByRole('article', { name: 'Soft after every wash' });
    expect(within(first).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(first).getByText('Size bought: 2-3Y')).toBeInTheDocument();
    expect(within(first).getByText('Fit: true to size')).toBeInTheDocument();
    expect(within(first).getByText('Verified purchase')).toBeInTheDocument();
    expect(within(first).getByText('20 Nov 2026')).toHaveAttribute('datetime', at);
    expect(within(first).getByText('Ananya R.')).toBeInTheDocument();
    const second = within(region).getByRole('article', { name: 'Review by Karthik S.' });
    expect(within(second).getByText('Fit: runs small')).toBeInTheDocument();
  });

  it('leaves the fit out while fewer than three buyers said how it fits', async () => {
    productPage({ ...twelveReviews, fit: null });
    const region = await reviewsRegion();
    await within(region).findByRole('article', { name: 'Soft after every wash' });
    expect(within(region).queryByText(/Most buyers say/)).not.toBeInTheDocument();
  });

  it('shows a review’s text as written: markup stays text and nothing becomes a link', async () => {
    const text =
      '<script>alert("x")</script> <b>bold</b> see https://example.com/deal <a href="https://evil.test">here</a>';
    productPage({ ...twelveReviews, reviews: [review(31, { text, title: '<img src=x onerror=alert(1)>' })] });
    const region = await reviewsRegion();
    const article = await within(region).findByRole('article', { name: '<img src=x onerror=alert(1)>' });
    expect(within(article).getByText(text)).toBeInTheDocument();
    expect(article.querySelector('script, b, a, img[src="x"]')).toBeNull();
    expect(within(article).queryByRole('link')).not.toBeInTheDocument();
  });

  it('counts a "Helpful" vote once, with the shop’s new count, and shows a refusal beside the button', async () => {
    rememberUser({ id: 7, name: 'Asha' });
    let votes = 0;
    const { user, fetchMock } = productPage(twelveReviews, {
      review_helpful: (body: Record<string, unknown>) => {
        votes += 1;
        return body.review_id === 31
          ? { success: true, message: 'Thank you.', helpful_count: 3 }
          : json(409, { success: false, message: 'You already said this review helped.' });
      },
    });
    const region = await reviewsRegion();
    const first = await within(region).findByRole('article', { name: 'Soft after every wash' });
    await user.click(within(first).getByRole('button', { name: 'Helpful (2)' }));
    const counted = await within(first).findByRole('button', { name: 'Helpful (3)' });
    expect(counted).toBeDisabled();
    expect(counted).toHaveAttribute('aria-pressed', 'true');
    expect(callsTo(fetchMock, 'review_helpful')).toEqual([{ user_id: 7, review_id: 31 }]);

    const second = within(region).getByRole('article', { name: 'Review by Karthik S.' });
    await user.click(within(second).getByRole('button', { name: 'Helpful (2)' }));
    expect(await within(second).findByText('You already said this review helped.')).toBeInTheDocument();
    expect(within(second).getByRole('button', { name: 'Helpful (2)' })).toBeEnabled();
    expect(votes).toBe(2);
  });

  it('sorts by most helpful and pages on, asking the shop for each', async () => {
    const { user, fetchMock } = productPage((body) => ({
      ...twelveReviews,
      page: body.page,
      reviews: [review(Number(body.page) * 100, { title: `${body.sort} page ${body.page}` })],
    }));
    const region = await reviewsRegion();
    await within(region).findByRole('article', { name: 'recent page 1' });
    await user.click(within(region).getByRole('button', { name: 'More reviews' }));
    expect(await within(region).findByRole('article', { name: 'recent page 2' })).toBeInTheDocument();
    expect(within(region).getByText('Page 2 of 3')).toBeInTheDocument();
    await user.selectOptions(within(region).getByLabelText('Sort reviews'), 'Most helpful');
    expect(await within(region).findByRole('article', { name: 'helpful page 1' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'review_list').map(({ page, sort }) => `${sort} ${page}`)).toEqual([
      'recent 1',
      'recent 2',
      'helpful 1',
    ]);
  });

  it('opens a review’s photo larger', async () => {
    const { user } = productPage(twelveReviews);
    const region = await reviewsRegion();
    await user.click(await within(region).findByRole('button', { name: 'Open photo 1 from Karthik S.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Photo 1 of 1 from Karthik S.' });
    expect(within(dialog).getByRole('img', { name: 'Shared by Karthik S. with the review' })).toHaveAttribute(
      'src',
      '/media/uploads/0123456789abcdef01234567-800.webp',
    );
  });
});
