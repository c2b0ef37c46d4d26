import type { ReviewFit } from '@kapaas/contract';
import {
  and,
  asc,
  desc,
  eq,
  gt,
  inArray,
  isNull,
  lte,
  type Queryable,
  reviewStats,
  reviews,
  reviewVotes,
  type SQL,
  sql,
} from '@kapaas/db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Owner } from '../../lib/owner';

export type ReviewRow = typeof reviews.$inferSelect;
export type StatsRow = typeof reviewStats.$inferSelect;

/** The review columns naming its writer: the account's, or the guest identity's. */
export function ownedBy(owner: Owner): SQL {
  return owner.kind === 'user' ? eq(reviews.userId, owner.userId) : eq(reviews.guestId, owner.guestId);
}

/** The shopper's review of a product (published or hidden), locked until the transaction ends when asked. */
export async function ownReview(db: Queryable, owner: Owner, productId: number, lock = false) {
  const query = db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), ownedBy(owner)));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function reviewById(db: Queryable, id: number, lock = false): Promise<ReviewRow | undefined> {
  const query = db.select().from(reviews).where(eq(reviews.id, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/** Inserts a review unless the shopper's review of the product exists (a concurrent add): then undefined. */
export async function insertReview(db: Queryable, values: typeof reviews.$inferInsert) {
  const [row] = await db.insert(reviews).values(values).onConflictDoNothing().returning();
  return row;
}

export async function updateReview(db: Queryable, id: number, values: Partial<typeof reviews.$inferInsert>) {
  const [row] = await db.update(reviews).set(values).where(eq(reviews.id, id)).returning();
  if (!row) throw new Error(`review ${id} vanished while locked`);
  return row;
}

/** What one published review adds to its product's numbers (or takes away, with sign -1). */
export interface StatsChange {
  count: number;
  ratingSum: number;
  stars: [number, number, number, number, number];
  fit: Record<ReviewFit, number>;
}

export function contribution(review: { rating: number; fit: ReviewFit }, sign: 1 | -1): StatsChange {
  const stars: StatsChange['stars'] = [0, 0, 0, 0, 0];
  stars[review.rating - 1] = sign;
  const fit = { runs_small: 0, true_to_size: 0, runs_large: 0 };
  fit[review.fit] = sign;
  return { count: sign, ratingSum: sign * review.rating, stars, fit };
}

export function combine(a: StatsChange, b: StatsChange): StatsChange {
  return {
    count: a.count + b.count,
    ratingSum: a.ratingSum + b.ratingSum,
    stars: a.stars.map((n, i) => n + (b.stars[i] as number)) as StatsChange['stars'],
    fit: {
      runs_small: a.fit.runs_small + b.fit.runs_small,
      true_to_size: a.fit.true_to_size + b.fit.true_to_size,
      runs_large: a.fit.runs_large + b.fit.runs_large,
    },
  };
}

const isNothing = (change: StatsChange) =>
  change.count === 0 &&
  change.ratingSum === 0 &&
  change.stars.every((n) => n === 0) &&
  Object.values(change.fit).every((n) => n === 0);

/**
 * Adds a change to the product's review_stats row (made, at zero, when missing), in the caller's
 * transaction: each column becomes its value when the row is written plus the change (an UPDATE
 * re-reads a row another transaction changed meanwhile), so concurrent writers of the same
 * product's reviews add up rather than overwrite each other. Answers whether anything changed.
 */
export async function applyStats(db: Queryable, productId: number, change: StatsChange): Promise<boolean> {
  if (isNothing(change)) return false;
  // Not INSERT … ON CONFLICT DO UPDATE with the change as the values: the CHECK (no negative
  // numbers) applies to the proposed row before the conflict is seen, and a change can be negative.
  await db.insert(reviewStats).values({ productId }).onConflictDoNothing();
  const [s1, s2, s3, s4, s5] = change.stars;
  const plus = (column: AnyPgColumn, by: number) => sql`${column} + ${by}`;
  await db
    .update(reviewStats)
    .set({
      count: plus(reviewStats.count, change.count),
      ratingSum: plus(reviewStats.ratingSum, change.ratingSum),
      stars1: plus(reviewStats.stars1, s1),
      stars2: plus(reviewStats.stars2, s2),
      stars3: plus(reviewStats.stars3, s3),
      stars4: plus(reviewStats.stars4, s4),
      stars5: plus(reviewStats.stars5, s5),
      runsSmall: plus(reviewStats.runsSmall, change.fit.runs_small),
      trueToSize: plus(reviewStats.trueToSize, change.fit.true_to_size),
      runsLarge: plus(reviewStats.runsLarge, change.fit.runs_large),
      updatedAt: sql`now()`,
    })
    .where(eq(reviewStats.productId, productId));
  return true;
}

export async function statsOf(db: Queryable, productId: number): Promise<StatsRow | undefined> {
  const [row] = await db.select().from(reviewStats).where(eq(reviewStats.productId, productId));
  return row;
}

/** A page of a product's published reviews: newest first, or most found helpful first (then newest). */
export function publishedPage(
  db: Queryable,
  productId: number,
  sort: 'recent' | 'helpful',
  page: number,
  perPage: number,
): Promise<ReviewRow[]> {
  const recent = [desc(reviews.createdAt), desc(reviews.id)];
  return db
    .select()
    .from(reviews)
    .where(and(eq(reviews.productId, productId), isNull(reviews.hiddenAt)))
    .orderBy(...(sort === 'helpful' ? [desc(reviews.helpfulCount), ...recent] : recent))
    .limit(perPage)
    .offset((page - 1) * perPage);
}

/** The review numbers of these products (those that have a row). */
export function statsOfMany(db: Queryable, productIds: readonly number[]): Promise<StatsRow[]> {
  if (productIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(reviewStats)
    .where(inArray(reviewStats.productId, [...productIds]));
}

/** The next `limit` products with at least one published review, after the product `after`, by id. */
export async function reviewedProductsAfter(db: Queryable, after: number, limit: number): Promise<number[]> {
  const rows = await db
    .select({ productId: reviewStats.productId })
    .from(reviewStats)
    .where(and(gt(reviewStats.productId, after), gt(reviewStats.count, 0)))
    .orderBy(asc(reviewStats.productId))
    .limit(limit);
  return rows.map((row) => row.productId);
}

/** The first page of each product's published reviews, newest first (as publishedPage 'recent', page 1), in one query. */
export async function firstPagesOf(
  db: Queryable,
  productIds: readonly number[],
  perPage: number,
): Promise<Map<number, ReviewRow[]>> {
  const pages = new Map<number, ReviewRow[]>(productIds.map((id) => [id, []]));
  if (productIds.length === 0) return pages;
  const ranked = db
    .select({
      id: reviews.id,
      rank: sql<number>`row_number() OVER (PARTITION BY ${reviews.productId}
        ORDER BY ${reviews.createdAt} DESC, ${reviews.id} DESC)`.as('rank'),
    })
    .from(reviews)
    .where(and(inArray(reviews.productId, [...productIds]), isNull(reviews.hiddenAt)))
    .as('ranked');
  const rows = await db
    .select({ review: reviews })
    .from(reviews)
    .innerJoin(ranked, eq(ranked.id, reviews.id))
    .where(lte(ranked.rank, perPage))
    .orderBy(asc(reviews.productId), asc(ranked.rank));
  for (const { review } of rows) pages.get(review.productId)?.push(review);
  return pages;
}

/** Records a shopper's "helpful" on a review once; answers whether this was their first. */
export async function addVote(db: Queryable, reviewId: number, voter: string): Promise<boolean> {
  const inserted = await db
    .insert(reviewVotes)
    .values({ reviewId, voter })
    .onConflictDoNothing()
    .returning({ reviewId: reviewVotes.reviewId });
  return inserted.length > 0;
}

export async function countHelpful(db: Queryable, reviewId: number): Promise<number> {
  const [row] = await db
    .update(reviews)
    .set({ helpfulCount: sql`${reviews.helpfulCount} + 1` })
    .where(eq(reviews.id, reviewId))
    .returning({ helpfulCount: reviews.helpfulCount });
  return row?.helpfulCount ?? 0;
}

/** Every review's numbers counted afresh from the reviews themselves (published only), by product: for checks. */
export async function recount(db: Queryable, productIds: number[]) {
  return db
    .select({
      productId: reviews.productId,
      count: sql<number>`count(*)::int`,
      ratingSum: sql<number>`coalesce(sum(${reviews.rating}), 0)::int`,
      stars: sql<number[]>`array[
        count(*) FILTER (WHERE ${reviews.rating} = 1), count(*) FILTER (WHERE ${reviews.rating} = 2),
        count(*) FILTER (WHERE ${reviews.rating} = 3), count(*) FILTER (WHERE ${reviews.rating} = 4),
        count(*) FILTER (WHERE ${reviews.rating} = 5)]::int[]`,
      runsSmall: sql<number>`count(*) FILTER (WHERE ${reviews.fit} = 'runs_small')::int`,
      trueToSize: sql<number>`count(*) FILTER (WHERE ${reviews.fit} = 'true_to_size')::int`,
      runsLarge: sql<number>`count(*) FILTER (WHERE ${reviews.fit} = 'runs_large')::int`,
    })
    .from(reviews)
    .where(and(inArray(reviews.productId, productIds), isNull(reviews.hiddenAt)))
    .groupBy(reviews.productId)
    .orderBy(asc(reviews.productId));
}
