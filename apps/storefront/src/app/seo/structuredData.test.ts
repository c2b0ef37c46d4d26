import type { Review } from '@kapaas/contract';
import { describe, expect, it } from 'vitest';
import { jhablaDetail } from '#storefront/test/fixtures.ts';
import { productData } from './structuredData';

const url = 'https://kapaas.example/product-detail/11-organic-cotton-jhabla-leaf-print';
const product = jhablaDetail.products;

const review = (id: number, fields: Partial<Review> = {}): Review => ({
  review_id: id,
  rating: 4,
  title: null,
  text: `Review number ${id}, soft cotton.`,
  fit: 'true_to_size',
  size: '2-3Y',
  author: `Buyer ${id}.`,
  verified_purchase: true,
  photos: [],
  helpful_count: 0,
  created_at: '2026-11-20T23:30:00.000Z',
  updated_at: '2026-11-20T23:30:00.000Z',
  mine: false,
  ...fields,
});

describe("A product's JSON-LD and its reviews", () => {
  it('carries no rating and no reviews while the product has none', () => {
    const data = productData('https://kapaas.example', product, url, {
      summary: { average: null, count: 0 },
      reviews: [],
    }) as Record<string, unknown>;
    expect(data).not.toHaveProperty('aggregateRating');
    expect(data).not.toHaveProperty('review');
    expect(productData('https://kapaas.example', product, url)).not.toHaveProperty('aggregateRating');
  });

  it('carries the average and count, and the first three reviews, once it has some', () => {
    const data = productData('https://kapaas.example', product, url, {
      summary: { average: 4.3, count: 12 },
      reviews: [review(1, { rating: 5, title: 'Lovely' }), review(2), review(3), review(4), review(5)],
    }) as { aggregateRating: unknown; review: unknown[] };
    expect(data.aggregateRating).toEqual({
      '@type': 'AggregateRating',
      ratingValue: 4.3,
      reviewCount: 12,
      bestRating: 5,
      worstRating: 1,
    });
    expect(data.review).toHaveLength(3);
    expect(data.review[0]).toEqual({
      '@type': 'Review',
      author: { '@type': 'Person', name: 'Buyer 1.' },
      name: 'Lovely',
      reviewRating: { '@type': 'Rating', ratingValue: 5, bestRating: 5, worstRating: 1 },
      reviewBody: 'Review number 1, soft cotton.',
      datePublished: '2026-11-20T23:30:00.000Z',
    });
    expect(data.review[1]).not.toHaveProperty('name');
  });

  it('carries the rating alone when the page has no reviews to quote', () => {
    const data = productData('https://kapaas.example', product, url, {
      summary: { average: 4.3, count: 12 },
      reviews: [],
    });
    expect(data).toHaveProperty('aggregateRating.reviewCount', 12);
    expect(data).not.toHaveProperty('review');
  });
});
