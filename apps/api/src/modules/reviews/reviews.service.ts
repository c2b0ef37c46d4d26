import {
  FIT_SUMMARY_MIN_ANSWERS,
  pageCount,
  REVIEWS_PER_PAGE,
  type Review,
  type ReviewAddAnswer,
  type ReviewAddRequest,
  type ReviewFit,
  type ReviewHelpfulAnswer,
  type ReviewListAnswer,
  type ReviewListRequest,
  type ReviewSummary,
} from '@kapaas/contract';
import type { AddressSnapshot, Database, Queryable, reviews } from '@kapaas/db';
import type { z } from 'zod';
import { AppError, notFound } from '../../lib/errors';
import { type Owner, ownerColumns } from '../../lib/owner';
import { ratingAverage } from '../catalogue';
import { hasUndeliveredLine, latestDeliveredLine } from '../orders';
import { keepReviewPhotos } from '../photos';
import {
  addVote,
  applyStats,
  combine,
  contribution,
  countHelpful,
  insertReview,
  ownReview,
  publishedPage,
  type ReviewRow,
  reviewById,
  type StatsRow,
  statsOf,
  updateReview,
} from './reviews.repository';

/**
 * Told after a committed change of a product's published reviews (one written, edited or voted on), so that its cards
 * show the new average and its server-rendered page the new reviews.
 */
export interface ReviewsNotifier {
  reviewsChanged(productIds: Iterable<number>): Promise<void>;
}

export const NOT_A_BUYER_MESSAGE = 'Only shoppers who bought this product and received it can review it.';
export const NOT_DELIVERED_YET_MESSAGE = 'You can review this product once your order of it has been delivered.';
export const OWN_REVIEW_VOTE_MESSAGE = 'You cannot vote for your own review.';

/** The name a review shows: the address's first name and the initial of its last name ("Ananya R."). */
export function authorName(address: Pick<AddressSnapshot, 'first_name' | 'last_name'>): string {
  const first = address.first_name.trim();
  const initial = Array.from(address.last_name.trim())[0];
  const name = initial ? `${first} ${initial.toLocaleUpperCase('en-IN')}.` : first;
  return name || 'A Kapaas shopper';
}

/** A review as the product page shows it; `mine` when the asking shopper wrote it. */
export function reviewOf(row: ReviewRow, owner: Owner | null): Review {
  const mine = owner !== null && (owner.kind === 'user' ? row.userId === owner.userId : row.guestId === owner.guestId);
  return {
    review_id: row.id,
    rating: row.rating,
    title: row.title,
    text: row.body,
    fit: row.fit,
    size: row.sizeLabel,
    author: row.author,
    verified_purchase: true,
    photos: row.photos,
    helpful_count: row.helpfulCount,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    mine,
  };
}

/**
 * The answer most buyers gave about the fit. Ties: true to size wins; runs small against runs
 * large (each more than true to size) balance each other out, so that is true to size too.
 */
export function mostCommonFit(fit: Record<ReviewFit, number>): ReviewFit {
  const { runs_small: small, true_to_size: exact, runs_large: large } = fit;
  if (exact >= small && exact >= large) return 'true_to_size';
  if (small === large) return 'true_to_size';
  return small > large ? 'runs_small' : 'runs_large';
}

/** The summary of a product's published reviews from its review_stats row (none: no reviews). */
export function summaryOf(stats: StatsRow | undefined): ReviewSummary {
  const s = stats ?? { count: 0, ratingSum: 0, stars1: 0, stars2: 0, stars3: 0, stars4: 0, stars5: 0 };
  const fit = {
    runs_small: stats?.runsSmall ?? 0,
    true_to_size: stats?.trueToSize ?? 0,
    runs_large: stats?.runsLarge ?? 0,
  };
  const answers = fit.runs_small + fit.true_to_size + fit.runs_large;
  return {
    average: ratingAverage(s.count, s.ratingSum),
    count: s.count,
    distribution: { 1: s.stars1, 2: s.stars2, 3: s.stars3, 4: s.stars4, 5: s.stars5 },
    fit: answers >= FIT_SUMMARY_MIN_ANSWERS ? { most: mostCommonFit(fit), answers, ...fit } : null,
  };
}

/** A product's fit summary as its page shows it, for the size advice (ADR 057): null below FIT_SUMMARY_MIN_ANSWERS. */
export async function fitSummaryOf(db: Queryable, productId: number): Promise<ReviewSummary['fit']> {
  return summaryOf(await statsOf(db, productId)).fit;
}

/** Why this shopper may not review the product: a 403 NOT_A_BUYER with a plain sentence. */
async function notABuyer(db: Queryable, owner: Owner, productId: number): Promise<AppError> {
  const waiting = await hasUndeliveredLine(db, owner, productId);
  return new AppError('FORBIDDEN', waiting ? NOT_DELIVERED_YET_MESSAGE : NOT_A_BUYER_MESSAGE, { code: 'NOT_A_BUYER' });
}

type AddInput = z.output<typeof ReviewAddRequest>;

/**
 * Writes the shopper's review of a product they received, or edits the one they wrote (helpful
 * votes kept, updated_at now); the product's review_stats change in the same transaction. A
 * concurrent second add finds the first one's row (the unique index) and edits it. The review
 * takes its photos (photos module) in the same transaction: one the shopper did not upload is a
 * 400 on `photos`, and nothing is written.
 */
export async function saveReview(
  db: Database,
  owner: Owner,
  input: Omit<AddInput, 'user_id' | 'guest_id'>,
): Promise<{ row: ReviewRow; edited: boolean; published: boolean }> {
  return db.transaction(async (tx) => {
    const line = await latestDeliveredLine(tx, owner, input.product_id);
    if (!line) throw await notABuyer(tx, owner, input.product_id);
    const values = {
      orderId: line.orderId,
      orderItemId: line.orderItemId,
      sizeLabel: line.sizeLabel,
      author: authorName(line.address),
      rating: input.rating,
      title: input.title ? input.title : null,
      body: input.text,
      fit: input.fit,
      photos: input.photos ?? [],
    };
    const saved = await writeReview(tx, owner, input.product_id, values);
    await keepReviewPhotos(tx, owner, saved.row.id, values.photos, saved.before?.photos ?? []);
    return saved;
  });
}

/** Inserts the shopper's review of the product, or edits theirs; answers it, and what it was before an edit. */
async function writeReview(
  tx: Queryable,
  owner: Owner,
  productId: number,
  values: Omit<typeof reviews.$inferInsert, 'productId' | 'userId' | 'guestId'>,
): Promise<{ row: ReviewRow; edited: boolean; published: boolean; before?: ReviewRow }> {
  let before = await ownReview(tx, owner, productId, true);
  if (!before) {
    const inserted = await insertReview(tx, { ...values, productId, ...ownerColumns(owner) });
    if (inserted) {
      await applyStats(tx, productId, contribution(inserted, 1));
      return { row: inserted, edited: false, published: true };
    }
    before = await ownReview(tx, owner, productId, true);
    if (!before) throw new Error('a review that conflicted on insert is not there');
  }
  const row = await updateReview(tx, before.id, { ...values, updatedAt: new Date() });
  const published = row.hiddenAt === null;
  if (published) await applyStats(tx, row.productId, combine(contribution(before, -1), contribution(row, 1)));
  return { row, edited: true, published, before };
}

/** review_add: checks the product and the photos, saves, and tells the catalogue when the product page changed. */
export async function addReview(
  deps: { db: Database; catalogue: ReviewsNotifier; productExists: (id: number) => boolean },
  owner: Owner,
  input: AddInput,
): Promise<ReviewAddAnswer> {
  if (!deps.productExists(input.product_id)) throw notFound('Product');
  const { row, edited, published } = await saveReview(deps.db, owner, input);
  // An edit that keeps the stars still changes the words the page shows; a hidden review's edit shows nowhere.
  if (published) await deps.catalogue.reviewsChanged([row.productId]);
  const message = !published
    ? 'Your review was updated. The shop has hidden it from the product page.'
    : edited
      ? 'Your review was updated. Thank you!'
      : 'Thank you! Your review is on the product page.';
  return { success: true, message, review: reviewOf(row, owner), edited };
}

/** review_list: the summary, a page of published reviews, and whether the asking shopper may review. */
export async function listReviews(
  db: Database,
  owner: Owner | null,
  input: z.output<typeof ReviewListRequest>,
): Promise<ReviewListAnswer> {
  const summary = summaryOf(await statsOf(db, input.product_id));
  const rows = await publishedPage(db, input.product_id, input.sort, input.page, REVIEWS_PER_PAGE);
  const mine = owner ? await ownReview(db, owner, input.product_id) : undefined;
  const canReview = owner ? (await latestDeliveredLine(db, owner, input.product_id)) !== undefined : false;
  return {
    ...reviewPage(summary, input.page, rows, owner),
    can_review: canReview,
    my_review: mine ? reviewOf(mine, owner) : null,
  };
}

/** The summary and one page of reviews, as `owner` reads them (null: anyone); without what is only theirs. */
export function reviewPage(summary: ReviewSummary, page: number, rows: ReviewRow[], owner: Owner | null) {
  return {
    success: true as const,
    ...summary,
    page,
    per_page: REVIEWS_PER_PAGE,
    pages: pageCount(summary.count, REVIEWS_PER_PAGE),
    reviews: rows.map((row) => reviewOf(row, owner)),
  };
}

/** The voter key of a shopper: `u<id>` or `g<id>`. */
export const voterOf = (owner: Owner) => (owner.kind === 'user' ? `u${owner.userId}` : `g${owner.guestId}`);

/**
 * review_helpful: one vote per shopper per published review; another vote answers the same count. A counted vote
 * changes what the product page shows, so the catalogue is told.
 */
export async function voteHelpful(
  deps: { db: Database; catalogue: ReviewsNotifier },
  owner: Owner,
  reviewId: number,
): Promise<ReviewHelpfulAnswer> {
  const { answer, productId } = await voteOnce(deps.db, owner, reviewId);
  if (productId !== undefined) await deps.catalogue.reviewsChanged([productId]);
  return answer;
}

async function voteOnce(db: Database, owner: Owner, reviewId: number) {
  return db.transaction(async (tx) => {
    const review = await reviewById(tx, reviewId);
    if (!review || review.hiddenAt !== null) throw notFound('Review');
    if (reviewOf(review, owner).mine) throw new AppError('CONFLICT', OWN_REVIEW_VOTE_MESSAGE, { code: 'OWN_REVIEW' });
    if (await addVote(tx, reviewId, voterOf(owner))) {
      const helpfulCount = await countHelpful(tx, reviewId);
      const answer = { success: true as const, message: 'Thank you for your vote.', helpful_count: helpfulCount };
      return { answer, productId: review.productId };
    }
    const answer = {
      success: true as const,
      message: 'You already found this review helpful.',
      helpful_count: review.helpfulCount,
    };
    return { answer, productId: undefined };
  });
}
