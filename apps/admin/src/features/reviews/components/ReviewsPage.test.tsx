import type { AdminReview, AdminReviewListAnswer } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type SentRequest, stubAdminApi } from '#admin/test/fakeAdminApi.ts';
import { renderRoute, signIn } from '#admin/test/renderRoute.tsx';

const at = '2026-11-24T06:30:00.000Z';

const softKurta: AdminReview = {
  id: 21,
  product_id: 11,
  product_name: 'Organic Cotton Kurta – Indigo',
  order_id: 1042,
  reviewer: 'anjali@example.in',
  author: 'Anjali M.',
  rating: 5,
  title: 'Soft after every wash',
  text: 'My son wears it every day. <script>alert(1)</script> It stays soft.',
  fit: 'true_to_size',
  size: '2-3Y',
  photos: ['/media/uploads/0123456789abcdef01234567-800.webp'],
  helpful_count: 4,
  hidden: false,
  hidden_reason: null,
  hidden_at: null,
  created_at: at,
  updated_at: at,
};
const rudeRomper: AdminReview = {
  ...softKurta,
  id: 22,
  product_id: 12,
  product_name: 'Muslin Romper – Sage',
  order_id: 1050,
  reviewer: 'kabir@example.in',
  author: 'Kabir S.',
  rating: 1,
  title: null,
  text: 'Call 98765 43210 for cheaper ones.',
  fit: 'runs_small',
  size: '6-12M',
  photos: [],
  hidden: true,
  hidden_reason: 'Advertises another seller.',
  hidden_at: at,
};

/** An admin API answering the reviews list, filtered as the server would by hidden, rating and q. */
function reviewsApi() {
  const reviews = [softKurta, rudeRomper];
  return stubAdminApi({
    'GET reviews': (request: SentRequest): AdminReviewListAnswer => {
      const hidden = request.query.get('hidden');
      const rating = request.query.get('rating');
      const q = request.query.get('q')?.toLowerCase();
      const data = reviews.filter(
        (review) =>
          (!hidden || String(review.hidden) === hidden) &&
          (!rating || review.rating === Number(rating)) &&
          (!q ||
            `${review.product_name} ${review.author} ${review.title ?? ''} ${review.text}`.toLowerCase().includes(q)),
      );
      return { success: true, data, page: 1, per_page: 20, total: data.length };
    },
  });
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name })).closest('tr') as HTMLElement;
const lastList = (sent: SentRequest[]) => sent.filter((request) => request.path === 'reviews').at(-1)?.query;

describe('Reviews', () => {
  it('is in the navigation, and lists each review with its product, stars, text, reviewer, size, fit and status', async () => {
    signIn();
    reviewsApi();
    const { user, router } = renderRoute('/');
    await user.click(await screen.findByRole('link', { name: 'Reviews' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/reviews'));
    expect(await screen.findByRole('heading', { name: 'Reviews' })).toBeInTheDocument();

    const kurta = await rowOf('Organic Cotton Kurta – Indigo');
    expect(within(kurta).getByRole('img', { name: '5 of 5 stars' })).toBeInTheDocument();
    expect(
      within(kurta).getByText(/My son wears it every day\. <script>alert\(1\)<\/script> It stays soft\./),
    ).toBeInTheDocument();
    expect(kurta.querySelector('script')).toBeNull();
    expect(within(kurta).getAllByText(/anjali@example\.in/).length).toBeGreaterThan(0);
    expect(within(kurta).getByText('True to size')).toBeInTheDocument();
    expect(within(kurta).getByText('1 photo')).toBeInTheDocument();
    // Once in its column, once under the text for a phone (CSS shows one).
    expect(within(kurta).getAllByText('Published')).toHaveLength(2);
    expect(within(kurta).getByRole('link', { name: 'Organic Cotton Kurta – Indigo' })).toHaveAttribute(
      'href',
      '/reviews/21',
    );
    const romper = await rowOf('Muslin Romper – Sage');
    expect(within(romper).getAllByText('Hidden')).toHaveLength(2);
    expect(within(romper).getAllByText('Advertises another seller.')).toHaveLength(2);
  });

  it('filters by published or hidden and by stars, and searches', async () => {
    signIn();
    const { sent } = reviewsApi();
    const { user, router } = renderRoute('/reviews');
    await rowOf('Organic Cotton Kurta – Indigo');

    await user.selectOptions(screen.getByLabelText('Published or hidden'), 'Hidden');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Organic Cotton Kurta – Indigo' })).toBeNull());
    expect(await rowOf('Muslin Romper – Sage')).toBeInTheDocument();
    expect(lastList(sent)?.get('hidden')).toBe('true');
    expect(router.state.location.search).toBe('?hidden=true');

    await user.selectOptions(screen.getByLabelText('Published or hidden'), 'Published and hidden');
    await user.selectOptions(screen.getByLabelText('Stars'), '5 stars');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Muslin Romper – Sage' })).toBeNull());
    expect(lastList(sent)?.get('rating')).toBe('5');
    expect(lastList(sent)?.has('hidden')).toBe(false);

    await user.selectOptions(screen.getByLabelText('Stars'), 'Any stars');
    await user.type(screen.getByLabelText('Search by product, reviewer’s name or words'), 'kabir{Enter}');
    await waitFor(() => expect(lastList(sent)?.get('q')).toBe('kabir'));
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Organic Cotton Kurta – Indigo' })).toBeNull());
    expect(await rowOf('Muslin Romper – Sage')).toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    signIn();
    reviewsApi();
    renderRoute('/reviews?q=nobody');
    expect(await screen.findByText('No reviews here.')).toBeInTheDocument();
  });
});

describe('One review', () => {
  it('shows the review with its photos, and hides it only with a reason', async () => {
    signIn();
    let review = softKurta;
    const { sent } = stubAdminApi({
      'GET reviews/21': () => ({ success: true, data: review }),
      'POST reviews/21/hide': (request: SentRequest) => {
        const { reason } = request.body as { reason: string };
        if (reason.trim().length < 3)
          return json(400, {
            success: false,
            message: 'Invalid data',
            errors: { reason: ['Say why the review is hidden.'] },
          });
        review = { ...review, hidden: true, hidden_reason: reason.trim(), hidden_at: at };
        return { success: true, data: review };
      },
    });
    const { user } = renderRoute('/reviews/21');
    expect(await screen.findByRole('heading', { name: 'Review of Organic Cotton Kurta – Indigo' })).toBeInTheDocument();
    expect(screen.getByText('My son wears it every day. <script>alert(1)</script> It stays soft.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Sent with the review, 1 of 1' })).toHaveAttribute(
      'src',
      '/media/uploads/0123456789abcdef01234567-800.webp',
    );
    expect(screen.getByRole('link', { name: '#1042' })).toHaveAttribute('href', '/orders/1042');

    const form = screen.getByRole('form', { name: 'Hide the review' });
    await user.click(within(form).getByRole('button', { name: 'Hide' }));
    const reason = within(form).getByLabelText('Why hide it?');
    expect(await within(form).findByText('Say why the review is hidden.')).toBeInTheDocument();
    expect(reason).toHaveAccessibleDescription('Say why the review is hidden.');
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.type(reason, 'Names a child in full.');
    await user.click(within(form).getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('The review is hidden from the product page.')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ reason: 'Names a child in full.' });
    expect(await screen.findByText('Names a child in full.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show again' })).toBeInTheDocument();
  });

  it('shows a hidden review again', async () => {
    signIn();
    let review = rudeRomper;
    const { sent } = stubAdminApi({
      'GET reviews/22': () => ({ success: true, data: review }),
      'POST reviews/22/show': () => {
        review = { ...review, hidden: false, hidden_reason: null, hidden_at: null };
        return { success: true, data: review };
      },
    });
    const { user } = renderRoute('/reviews/22');
    expect(await screen.findByText('Advertises another seller.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Show again' }));
    expect(await screen.findByText('The review is on the product page again.')).toBeInTheDocument();
    expect(sent.find((request) => request.method === 'POST')).toMatchObject({ path: 'reviews/22/show', body: {} });
    expect(screen.getByRole('form', { name: 'Hide the review' })).toBeInTheDocument();
  });
});
