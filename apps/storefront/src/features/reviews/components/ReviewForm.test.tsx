import type { Review, ReviewListAnswer } from '@kapaas/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { forgetIdentity, rememberGuest } from '#storefront/lib/session.ts';
import { json, stubApi } from '#storefront/test/fakeApi.ts';
import { categoryList, jhablaDetail } from '#storefront/test/fixtures.ts';
import { renderRoute } from '#storefront/test/renderRoute.tsx';

const at = '2026-11-20T09:30:00.000Z';
const PHOTO = '/media/photos/0123456789abcdef01234567-800.webp';

const mine: Review = {
  review_id: 40,
  rating: 3,
  title: 'Nice cloth',
  text: 'Soft, but the neck is a little tight.',
  fit: 'runs_small',
  size: '2-3Y',
  author: 'Guest G.',
  verified_purchase: true,
  photos: [PHOTO],
  helpful_count: 0,
  created_at: at,
  updated_at: at,
  mine: true,
};

const buyerWithoutReviews: ReviewListAnswer = {
  success: true,
  average: null,
  count: 0,
  distribution: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
  fit: null,
  page: 1,
  per_page: 5,
  pages: 0,
  reviews: [],
  can_review: true,
  my_review: null,
};

function bodiesTo(fetchMock: ReturnType<typeof stubApi>, endpoint: string) {
  return fetchMock.mock.calls.filter(([url]) => String(url).endsWith(`/api/${endpoint}`)).map(([, init]) => init?.body);
}

async function openForm(user: ReturnType<typeof renderRoute>['user'], button = 'Write a review') {
  const region = await screen.findByRole('region', { name: 'Reviews' });
  await user.click(await within(region).findByRole('button', { name: button }));
  const form = await within(region).findByRole('form', { name: button });
  return { region, form };
}

describe('Writing a review', () => {
  beforeEach(() => {
    localStorage.clear();
    rememberGuest(9);
  });
  afterEach(() => forgetIdentity());

  it('checks each field with the shop’s rules and shows the problem beside it', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      product_detail: jhablaDetail,
      review_list: buyerWithoutReviews,
    });
    const { user } = renderRoute('/product-detail/11');
    const { form } = await openForm(user);

    await user.type(within(form).getByLabelText('Your review'), 'Too short');
    expect(within(form).getByText('9 of 2,000 characters (at least 10)')).toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Publish review' }));

    const stars = within(form).getByRole('radiogroup', { name: 'Your rating' });
    expect(await within(stars).findByText('Choose 1 to 5 stars.')).toBeInTheDocument();
    expect(stars).toHaveAccessibleDescription('Choose 1 to 5 stars.');
    expect(within(form).getByLabelText('Your review')).toHaveAccessibleDescription(
      'Write at least 10 characters. 9 of 2,000 characters (at least 10)',
    );
    expect(within(form).getByRole('group', { name: 'How does it fit?' })).toHaveAccessibleDescription(
      'Choose runs small, true to size or runs large.',
    );
    expect(bodiesTo(fetchMock, 'review_add')).toEqual([]);
  });

  it('shows the server’s refusals (a 400 with field errors) beside their fields', async () => {
    stubApi({
      category_list: categoryList,
      product_detail: jhablaDetail,
      review_list: buyerWithoutReviews,
      review_add: () =>
        json(400, {
          success: false,
          message: 'Please check the review.',
          errors: {
            text: ['Please leave out phone numbers.'],
            'photos.0': ['Send a photo uploaded with photo_upload.'],
          },
        }),
    });
    const { user } = renderRoute('/product-detail/11');
    const { form } = await openForm(user);
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText('Your review'), 'Call me on 98765 43210 for more.');
    await user.click(within(form).getByLabelText('True to size'));
    await user.click(within(form).getByRole('button', { name: 'Publish review' }));

    expect(await within(form).findByText('Please leave out phone numbers.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Your review')).toHaveAccessibleDescription(
      expect.stringContaining('Please leave out phone numbers.'),
    );
    expect(within(form).getByLabelText('Your review')).toHaveAttribute('aria-invalid', 'true');
    expect(within(form).getByRole('group', { name: /Photos/ })).toHaveAccessibleDescription(
      'Send a photo uploaded with photo_upload.',
    );
  });

  it('sends the review with its photo, then shows the thanks and the new average and count', async () => {
    let written = false;
    const fetchMock = stubApi({
      category_list: categoryList,
      product_detail: jhablaDetail,
      review_list: () =>
        written
          ? {
              ...buyerWithoutReviews,
              average: 4,
              count: 1,
              distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 0 },
              pages: 1,
              reviews: [
                { ...mine, rating: 4, title: 'Lovely', text: 'Soft and breathable cotton.', fit: 'true_to_size' },
              ],
              my_review: { ...mine, rating: 4 },
            }
          : buyerWithoutReviews,
      photo_upload: { success: true, url: PHOTO },
      review_add: () => {
        written = true;
        return { success: true, message: 'Thank you: your review is published.', review: mine, edited: false };
      },
    });
    const { user } = renderRoute('/product-detail/11');
    const { region, form } = await openForm(user);
    await user.click(within(form).getByRole('radio', { name: '4 stars' }));
    await user.type(within(form).getByLabelText(/Title/), 'Lovely');
    await user.type(within(form).getByLabelText('Your review'), 'Soft and breathable cotton.');
    await user.click(within(form).getByLabelText('True to size'));
    const photo = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], 'kurta.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Add photos'), photo);
    expect(await within(form).findByRole('img', { name: 'Your upload 1' })).toHaveAttribute('src', PHOTO);
    const upload = bodiesTo(fetchMock, 'photo_upload')[0];
    expect(upload).toBeInstanceOf(FormData);
    // What the photo is for goes before the file: the server takes it only from a buyer who received the product.
    expect([...(upload as FormData).keys()]).toEqual(['purpose', 'product_id', 'file']);
    expect((upload as FormData).get('purpose')).toBe('review');
    expect((upload as FormData).get('product_id')).toBe('11');
    expect((upload as FormData).get('file')).toBeInstanceOf(File);

    await user.click(within(form).getByRole('button', { name: 'Publish review' }));
    expect(await within(region).findByText('Thank you: your review is published.')).toBeInTheDocument();
    expect(JSON.parse(String(bodiesTo(fetchMock, 'review_add')[0]))).toEqual({
      guest_id: 9,
      product_id: 11,
      rating: 4,
      title: 'Lovely',
      text: 'Soft and breathable cotton.',
      fit: 'true_to_size',
      photos: [PHOTO],
    });
    expect(await within(region).findByRole('img', { name: 'Rated 4 out of 5, 1 review' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Rated 4 out of 5, 1 review' })).toHaveAttribute('href', '#reviews');
    expect(within(region).queryByRole('form')).not.toBeInTheDocument();
    expect(within(region).getByRole('button', { name: 'Edit your review' })).toBeInTheDocument();
    expect(within(region).getByRole('status')).toHaveTextContent('Thank you: your review is published.');
    expect(within(region).getByRole('article', { name: 'Lovely' })).toBeInTheDocument();
  });

  it('opens filled in with the shopper’s own review to edit, and a photo can be removed', async () => {
    const fetchMock = stubApi({
      category_list: categoryList,
      product_detail: jhablaDetail,
      review_list: { ...buyerWithoutReviews, my_review: mine },
      review_add: { success: true, message: 'Your review is updated.', review: mine, edited: true },
    });
    const { user } = renderRoute('/product-detail/11');
    const { form } = await openForm(user, 'Edit your review');
    expect(within(form).getByRole('radio', { name: '3 stars' })).toBeChecked();
    expect(within(form).getByLabelText(/Title/)).toHaveValue('Nice cloth');
    expect(within(form).getByLabelText('Your review')).toHaveValue('Soft, but the neck is a little tight.');
    expect(within(form).getByLabelText('Runs small')).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Remove photo 1' }));
    expect(within(form).queryByRole('img', { name: 'Your upload 1' })).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Save your review' }));
    await waitFor(() => expect(bodiesTo(fetchMock, 'review_add')).toHaveLength(1));
    expect(JSON.parse(String(bodiesTo(fetchMock, 'review_add')[0]))).toMatchObject({ rating: 3, photos: [] });
  });

  it('shows the shop’s refusal of a photo beside the photos field', async () => {
    stubApi({
      category_list: categoryList,
      product_detail: jhablaDetail,
      review_list: buyerWithoutReviews,
      photo_upload: () => json(400, { success: false, message: 'Send a JPEG, PNG or WebP photo.' }),
    });
    const { user } = renderRoute('/product-detail/11');
    const { form } = await openForm(user);
    const notAPhoto = new File(['hello'], 'notes.png', { type: 'image/png' });
    await user.upload(within(form).getByLabelText('Add photos'), notAPhoto);
    expect(await within(form).findByText('Send a JPEG, PNG or WebP photo.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Add photos')).toHaveAccessibleDescription('Send a JPEG, PNG or WebP photo.');
    expect(within(form).queryByRole('img', { name: /Your upload/ })).not.toBeInTheDocument();
  });
});
