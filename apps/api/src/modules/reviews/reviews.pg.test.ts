import { count, eq, reviewStats, reviews } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { boundFor } from '../../../test/bounds';
import { startTestShop, type TestShop } from '../../../test/shop';
import { type AdminClient, adminFixtures, expectStatus } from '../admin/admin.fixtures';
import { reviewFixtures, reviewOf } from './reviews.fixtures';
import { recount } from './reviews.repository';

/** Runs only on PostgreSQL (CI's second pass): PGlite runs one transaction at a time, so nothing can interleave. */
let shop: TestShop;
let staff: AdminClient;
const admin = adminFixtures(() => shop);
const fixtures = reviewFixtures(
  () => shop,
  () => staff,
);

beforeAll(async () => {
  shop = await startTestShop();
  staff = await admin.staff(await admin.owner());
});
afterAll(async () => {
  await shop?.close();
});

describe('reviews written at the same moment', () => {
  // Bounded by its work (test/bounds.ts): four buyers, each an order placed (4 calls), paid (4) and delivered (3);
  // seven reviews and a hide; the checks.
  it('one shopper twice makes one row; several shoppers and a hide add up in review_stats', {
    timeout: boundFor({ operations: 4 * (4 + 4 + 3) + 7 + 10 }),
  }, async () => {
    const item = await fixtures.product();
    const buyers = await Promise.all([0, 1, 2, 3].map(() => fixtures.guestBuyer([item])));
    const [first] = buyers;
    if (!first) throw new Error('no buyer');
    const early = expectStatus(await first.post('review_add', reviewOf(item.productId, 1)), 200);
    const answers = await Promise.all([
      first.post('review_add', reviewOf(item.productId, 4)),
      first.post('review_add', reviewOf(item.productId, 4)),
      ...buyers.slice(1).map((b, i) => b.post('review_add', reviewOf(item.productId, 2 + i, 'runs_small'))),
      staff.post(`/reviews/${early.review.review_id}/hide`, { reason: 'Checking the race.' }),
    ]);
    expect(answers.map((a) => a.statusCode)).toEqual(answers.map(() => 200));
    const db = shop.database.db;
    const [rows] = await db.select({ n: count() }).from(reviews).where(eq(reviews.productId, item.productId));
    expect(rows?.n).toBe(4);
    const [stats] = await db.select().from(reviewStats).where(eq(reviewStats.productId, item.productId));
    const [counted] = await recount(db, [item.productId]);
    expect({ count: stats?.count, ratingSum: stats?.ratingSum, runsSmall: stats?.runsSmall }).toEqual({
      count: counted?.count,
      ratingSum: counted?.ratingSum,
      runsSmall: counted?.runsSmall,
    });
    expect(counted?.count).toBe(3);
  });

  it('a second add of the same review racing the first edits it instead of failing', async () => {
    const item = await fixtures.product();
    const guest = await fixtures.guestBuyer([item]);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((rating) => guest.post('review_add', reviewOf(item.productId, rating))),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200]);
    expect(answers.filter((a) => a.json().edited === false)).toHaveLength(1);
    const [stats] = await shop.database.db.select().from(reviewStats).where(eq(reviewStats.productId, item.productId));
    expect(stats?.count).toBe(1);
  });
});
