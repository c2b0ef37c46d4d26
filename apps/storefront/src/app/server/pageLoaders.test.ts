import type { ReviewListAnswer } from '@kapaas/contract';
import type { DehydratedState } from '@tanstack/react-query';
import { type LoaderFunctionArgs, RouterContextProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { jhablaDetail } from '#storefront/test/fixtures.ts';
import { pageMeta } from '../seo/pageMeta';
import { productLoader } from './pageLoaders';
import { shopContext } from './shopContext';

const CANONICAL = '/product-detail/11-organic-cotton-jhabla-leaf-print';

const reviewList: ReviewListAnswer = {
  success: true,
  average: 4.5,
  count: 2,
  distribution: { 1: 0, 2: 0, 3: 0, 4: 1, 5: 1 },
  fit: null,
  page: 1,
  per_page: 5,
  pages: 1,
  reviews: [
    {
      review_id: 3,
      rating: 5,
      title: 'Soft',
      text: 'Soft after every wash.',
      fit: 'true_to_size',
      size: '2-3Y',
      author: 'Ananya R.',
      verified_purchase: true,
      photos: [],
      helpful_count: 0,
      created_at: '2026-11-20T09:30:00.000Z',
      updated_at: '2026-11-20T09:30:00.000Z',
      mine: false,
    },
  ],
  can_review: false,
  my_review: null,
};

/** Runs the product page's loader against a shop answering `answers` (a missing call refused as a non-public one). */
async function load(answers: Record<string, unknown>) {
  const calls: { endpoint: string; body: unknown }[] = [];
  const context = new RouterContextProvider(
    new Map([
      [
        shopContext,
        {
          publicUrl: 'https://kapaas.example',
          call: async (endpoint: string, body: unknown) => {
            calls.push({ endpoint, body });
            if (!(endpoint in answers))
              throw Object.assign(new Error(`${endpoint} is not a public call.`), { statusCode: 400 });
            return answers[endpoint];
          },
        },
      ],
    ]),
  );
  const url = new URL(`https://kapaas.example${CANONICAL}`);
  const data = await productLoader({
    context,
    request: new Request(url),
    params: { productId: '11-organic-cotton-jhabla-leaf-print' },
    url,
  } as unknown as LoaderFunctionArgs);
  const product = data.seo.structuredData?.find((entry) => (entry as { '@type'?: string })['@type'] === 'Product');
  return { data, calls, product: product as Record<string, unknown> };
}

const queryKeys = (state: DehydratedState | undefined) => state?.queries.map((query) => query.queryKey[0]) ?? [];

describe('The product page’s loader', () => {
  it('reads the first page of reviews, as anyone sees them, into the page and its JSON-LD', async () => {
    const { data, calls, product } = await load({ product_detail: jhablaDetail, review_list: reviewList });
    expect(calls).toContainEqual({ endpoint: 'review_list', body: { product_id: 11, page: 1, sort: 'recent' } });
    expect(queryKeys(data.dehydrated)).toEqual(['catalogue', 'reviews']);
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(product.review).toEqual([expect.objectContaining({ reviewBody: 'Soft after every wash.' })]);
  });

  it('renders the page when the reviews cannot be read in this render, with the catalogue’s rating', async () => {
    const { data, product } = await load({ product_detail: jhablaDetail });
    expect(queryKeys(data.dehydrated)).toEqual(['catalogue']);
    expect(product.aggregateRating).toMatchObject({ ratingValue: 4.3, reviewCount: 12 });
    expect(product).not.toHaveProperty('review');
  });

  it('says nothing of a rating for a product without reviews', async () => {
    const unrated = { ...jhablaDetail, products: { ...jhablaDetail.products, rating_average: null, rating_count: 0 } };
    const { product } = await load({ product_detail: unrated });
    expect(product).not.toHaveProperty('aggregateRating');
  });

  it('heads the page with the owner’s SEO title and description when set, else the name and a description of its own', async () => {
    const head = async (seo: { seo_title: string | null; seo_description: string | null }) => {
      const detail = { ...jhablaDetail, products: { ...jhablaDetail.products, ...seo } };
      const tags = pageMeta((await load({ product_detail: detail })).data.seo);
      const content = (key: string) =>
        tags.find((tag) => 'property' in tag && tag.property === key) ??
        tags.find((tag) => 'name' in tag && tag.name === key);
      return {
        title: (tags.find((tag) => 'title' in tag) as { title?: string } | undefined)?.title,
        description: (content('description') as { content?: string } | undefined)?.content,
        og: [
          content('og:title'),
          content('og:description'),
          content('twitter:title'),
          content('twitter:description'),
        ].map((tag) => (tag as { content?: string } | undefined)?.content),
      };
    };
    const own = await head({ seo_title: 'Leaf Print Jhabla for Newborns', seo_description: 'A breezy jhabla.' });
    expect(own).toEqual({
      title: 'Leaf Print Jhabla for Newborns',
      description: 'A breezy jhabla.',
      og: ['Leaf Print Jhabla for Newborns', 'A breezy jhabla.', 'Leaf Print Jhabla for Newborns', 'A breezy jhabla.'],
    });
    const shops = await head({ seo_title: null, seo_description: null });
    expect(shops.title).toBe('Organic Cotton Jhabla – Leaf Print | Kapaas');
    expect(shops.description).toBe(
      'Organic Cotton Jhabla – Leaf Print: ₹749, organic cotton sleeveless jhablas at Kapaas.',
    );
    expect(shops.og.slice(0, 2)).toEqual([shops.title, shops.description]);
  });
});
