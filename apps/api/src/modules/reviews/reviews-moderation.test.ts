import {
  AdminReviewAnswer,
  AdminReviewListAnswer,
  REVIEW_FIT_VALUES,
  type ReviewFit,
  ReviewListAnswer,
} from '@kapaas/contract';
import { inArray, reviewStats } from '@kapaas/db';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shopper } from '../../../test/shop';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { reviewFixtures, reviewOf } from './reviews.fixtures';
import { recount } from './reviews.repository';
import { listReviews } from './reviews.service';

let shop: TestShop;
let owner: AdminClient;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fixtures = reviewFixtures(
  () => shop,
  () => staff,
);

beforeAll(async () => {
  shop = await startTestShop();
  owner = await admin.owner();
  staff = await admin.staff(owner);
});
afterAll(async () => {
  await shop.close();
});

const summary = async (productId: number) =>
  ReviewListAnswer.parse((await shop.post('review_list', { product_id: productId })).json());

describe('hiding and showing a review in the console', () => {
  it('takes it out of the average, the count, the stars, the fit and the cards, and puts it back; audited', async () => {
    const item = await fixtures.product();
    const buyers = [];
    for (let i = 0; i < 3; i++) buyers.push(await fixtures.guestBuyer([item], { first: 'Divya', last: 'Kumar' }));
    const ids: number[] = [];
    for (const [i, buyer] of buyers.entries()) {
      const answer = expectStatus(
        await buyer.post('review_add', reviewOf(item.productId, [5, 5, 1][i], 'true_to_size')),
        200,
      );
      ids.push(answer.review.review_id);
    }
    expect(await summary(item.productId)).toMatchObject({ average: 3.7, count: 3, fit: { answers: 3 } });
    const rude = ids[2] as number;

    const hidden = AdminReviewAnswer.parse(
      expectStatus(await staff.post(`/reviews/${rude}/hide`, { reason: 'Abusive words.' }), 200),
    );
    expect(hidden.data).toMatchObject({ hidden: true, hidden_reason: 'Abusive words.', rating: 1 });
    const after = await summary(item.productId);
    expect(after).toMatchObject({ average: 5, count: 2, distribution: { 1: 0, 5: 2 }, fit: null });
    expect(after.reviews.map((r) => r.review_id)).not.toContain(rude);
    expect(shop.app.catalogue.view.product(item.productId)?.card).toMatchObject({ rating_average: 5, rating_count: 2 });
    expect(await admin.lastAudit(owner, 'reviews', rude)).toMatchObject({
      action: 'hide',
      before: { hidden: false },
      after: { hidden: true, hidden_reason: 'Abusive words.' },
    });
    // Hiding it again changes no numbers.
    expectStatus(await owner.post(`/reviews/${rude}/hide`, { reason: 'Still abusive.' }), 200);
    expect((await summary(item.productId)).count).toBe(2);

    expectStatus(await owner.post(`/reviews/${rude}/show`, {}), 200);
    expect(await summary(item.productId)).toMatchObject({ average: 3.7, count: 3, fit: { answers: 3 } });
    expect((await admin.lastAudit(owner, 'reviews', rude))?.action).toBe('show');
    expect(shop.app.catalogue.view.product(item.productId)?.card).toMatchObject({
      rating_average: 3.7,
      rating_count: 3,
    });
  });

  it('lists every review with filters; the owner sees the e-mail, staff a masked one; a reason is required', async () => {
    const item = await fixtures.product();
    const buyer = await fixtures.guestBuyer([item], { first: 'Kavya', last: 'Shetty' });
    const { review } = expectStatus(await buyer.post('review_add', reviewOf(item.productId, 2, 'runs_large')), 200);
    const ownerList = AdminReviewListAnswer.parse(
      expectStatus(await owner.get('/reviews', { product_id: item.productId }), 200),
    );
    expect(ownerList.total).toBe(1);
    expect(ownerList.data[0]).toMatchObject({ id: review.review_id, author: 'Kavya S.', rating: 2, hidden: false });
    expect(ownerList.data[0]?.reviewer).toMatch(/^kavya\d+@example\.in$/);
    const staffOne = AdminReviewAnswer.parse(expectStatus(await staff.get(`/reviews/${review.review_id}`), 200));
    expect(staffOne.data.reviewer).toBe('k***@example.in');
    expect((await owner.get('/reviews', { product_id: item.productId, rating: 5 })).json().total).toBe(0);
    expect((await owner.get('/reviews', { product_id: item.productId, hidden: 'true' })).json().total).toBe(0);
    expect((await owner.get('/reviews', { q: 'Kavya' })).json().total).toBeGreaterThanOrEqual(1);
    expect((await staff.post(`/reviews/${review.review_id}/hide`, { reason: ' ' })).statusCode).toBe(400);
    expect((await staff.post('/reviews/2000000/hide', { reason: 'Spam here.' })).statusCode).toBe(404);
    expect((await admin.client().get('/reviews')).statusCode).toBe(401);
    // A product id past PostgreSQL's integer is refused by the query's contract, beside its field (it was a 500).
    const tooLarge = expectStatus(await owner.get('/reviews', { product_id: '9007199254740950' }), 400);
    expect(Object.keys(tooLarge.errors ?? {})).toEqual(['product_id']);
    expect((await summary(item.productId)).count).toBe(1);
  });
});

describe('review_stats and the first pages kept in memory', () => {
  it('equal a recount, and a read of the database, after any sequence of adds, edits, votes, hides and shows', async () => {
    const products = [await fixtures.product(), await fixtures.product()];
    const shoppers: Shopper[] = [];
    for (let i = 0; i < 3; i++) shoppers.push(await fixtures.guestBuyer(products));
    const productIds = products.map((p) => p.productId);
    const command = fc.oneof(
      fc.record({
        kind: fc.constant('add' as const),
        shopper: fc.integer({ min: 0, max: shoppers.length - 1 }),
        product: fc.integer({ min: 0, max: products.length - 1 }),
        rating: fc.integer({ min: 1, max: 5 }),
        fit: fc.constantFrom<ReviewFit>(...REVIEW_FIT_VALUES),
        // An edit that keeps the stars and the fit still changes the words the page shows.
        text: fc.constantFrom('Soft and well made.', 'Soft, well made, and it lasts.'),
      }),
      fc.record({ kind: fc.constantFrom('hide' as const, 'show' as const, 'vote' as const), pick: fc.nat() }),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(command, { minLength: 1, maxLength: 10 }), async (commands) => {
        for (const c of commands) {
          if (c.kind === 'add') {
            const body = reviewOf(productIds[c.product] as number, c.rating, c.fit, { text: c.text });
            expectStatus(await (shoppers[c.shopper] as Shopper).post('review_add', body), 200);
            continue;
          }
          const list = AdminReviewListAnswer.parse((await owner.get('/reviews', { per_page: 100 })).json());
          const ours = list.data.filter((r) => productIds.includes(r.product_id));
          const review = ours[c.pick % Math.max(1, ours.length)];
          if (!review) continue;
          if (c.kind === 'vote') {
            const voter = await shop.guest();
            expect([200, 404]).toContain((await voter.post('review_helpful', { review_id: review.id })).statusCode);
            continue;
          }
          const body = c.kind === 'hide' ? { reason: 'Checking the numbers.' } : {};
          expectStatus(await staff.post(`/reviews/${review.id}/${c.kind}`, body), 200);
        }
        const counted = await recount(shop.database.db, productIds);
        const stored = await shop.database.db
          .select()
          .from(reviewStats)
          .where(inArray(reviewStats.productId, productIds));
        for (const productId of productIds) {
          const expected = counted.find((r) => r.productId === productId);
          const row = stored.find((r) => r.productId === productId);
          expect({
            count: row?.count ?? 0,
            ratingSum: row?.ratingSum ?? 0,
            stars: row ? [row.stars1, row.stars2, row.stars3, row.stars4, row.stars5] : [0, 0, 0, 0, 0],
            fit: [row?.runsSmall ?? 0, row?.trueToSize ?? 0, row?.runsLarge ?? 0],
          }).toEqual({
            count: expected?.count ?? 0,
            ratingSum: expected?.ratingSum ?? 0,
            stars: expected?.stars ?? [0, 0, 0, 0, 0],
            fit: [expected?.runsSmall ?? 0, expected?.trueToSize ?? 0, expected?.runsLarge ?? 0],
          });
          const card = shop.app.catalogue.view.product(productId)?.card;
          expect(card?.rating_count).toBe(expected?.count ?? 0);
          // What anyone reads first, answered from memory (and rendered by the server), is what the database holds.
          const read = { product_id: productId, page: 1, sort: 'recent' as const };
          expect(await summary(productId)).toEqual(await listReviews(shop.database.db, null, read));
          expect(await shop.app.publicCalls.call('review_list', { product_id: productId })).toEqual(
            await summary(productId),
          );
        }
      }),
      { numRuns: 15 },
    );
  });
});
