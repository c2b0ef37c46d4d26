import { type AdminReview, type AdminReviewListQuery, MAX_INT4 } from '@kapaas/contract';
import {
  and,
  count,
  desc,
  eq,
  ilike,
  isNotNull,
  isNull,
  or,
  orders,
  products,
  type Queryable,
  reviews,
  type SQL,
  sql,
  users,
} from '@kapaas/db';
import type { z } from 'zod';
import { notFound } from '../../lib/errors';
import { applyStats, contribution, type ReviewRow, reviewById } from './reviews.repository';

// The console's side of reviews: every review, published or hidden, with who wrote it; hiding one
// (with a reason) and showing it again, each in the caller's transaction with its review_stats change.

/** Who sees the reviewer's e-mail: the owner does; staff see it masked (a***@example.in). */
export type ReviewViewer = { owner: boolean };

function masked(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${Array.from(local)[0] ?? ''}***@${domain}`;
}

const reviewer = sql<string>`coalesce(${users.email}, ${orders.addressSnapshot}->>'email_id', '')`;

function consoleRows(db: Queryable) {
  return db
    .select({ review: reviews, productName: products.name, reviewer })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .innerJoin(orders, eq(orders.id, reviews.orderId))
    .leftJoin(users, eq(users.id, reviews.userId));
}

type ConsoleRow = { review: ReviewRow; productName: string; reviewer: string };

export function adminReviewOf({ review, productName, reviewer: email }: ConsoleRow, viewer: ReviewViewer): AdminReview {
  return {
    id: review.id,
    product_id: review.productId,
    product_name: productName,
    order_id: review.orderId,
    reviewer: viewer.owner ? email : masked(email),
    author: review.author,
    rating: review.rating,
    title: review.title,
    text: review.body,
    fit: review.fit,
    size: review.sizeLabel,
    photos: review.photos,
    helpful_count: review.helpfulCount,
    hidden: review.hiddenAt !== null,
    hidden_reason: review.hiddenReason,
    hidden_at: review.hiddenAt?.toISOString() ?? null,
    created_at: review.createdAt.toISOString(),
    updated_at: review.updatedAt.toISOString(),
  };
}

/** GET /reviews: newest first, by product, published or hidden, stars, or words of the title, text, author or product. */
export async function consoleReviewPage(
  db: Queryable,
  query: z.output<typeof AdminReviewListQuery>,
  viewer: ReviewViewer,
) {
  // The query takes any positive integer; no product has an id past the column's range.
  if (query.product_id !== undefined && query.product_id > MAX_INT4) return { rows: [], total: 0 };
  const words = query.q ? `%${query.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
  const where: SQL | undefined = and(
    query.product_id === undefined ? undefined : eq(reviews.productId, query.product_id),
    query.hidden === undefined ? undefined : query.hidden ? isNotNull(reviews.hiddenAt) : isNull(reviews.hiddenAt),
    query.rating === undefined ? undefined : eq(reviews.rating, query.rating),
    words
      ? or(
          ilike(reviews.body, words),
          ilike(reviews.title, words),
          ilike(reviews.author, words),
          ilike(products.name, words),
        )
      : undefined,
  );
  const rows = await consoleRows(db)
    .where(where)
    .orderBy(desc(reviews.createdAt), desc(reviews.id))
    .limit(query.per_page)
    .offset((query.page - 1) * query.per_page);
  const [total] = await db
    .select({ n: count() })
    .from(reviews)
    .innerJoin(products, eq(products.id, reviews.productId))
    .where(where);
  return { rows: rows.map((row) => adminReviewOf(row, viewer)), total: total?.n ?? 0 };
}

export async function consoleReview(db: Queryable, id: number, viewer: ReviewViewer): Promise<AdminReview> {
  const [row] = await consoleRows(db).where(eq(reviews.id, id));
  if (!row) throw notFound('Review');
  return adminReviewOf(row, viewer);
}

/**
 * Hides a review (with the reason) or shows it again, in the caller's transaction: a hidden review
 * leaves its product's numbers, a shown one comes back into them. Hiding a hidden review keeps its
 * first reason and time unless a new reason is given; showing a shown one changes nothing.
 * Answers the review before and after, and whether the product's numbers changed.
 */
export async function setHidden(
  tx: Queryable,
  id: number,
  change: { hide: true; reason: string; adminId: number } | { hide: false },
) {
  const before = await reviewById(tx, id, true);
  if (!before) throw notFound('Review');
  const wasHidden = before.hiddenAt !== null;
  const values = change.hide
    ? { hiddenAt: before.hiddenAt ?? new Date(), hiddenReason: change.reason, hiddenBy: change.adminId }
    : { hiddenAt: null, hiddenReason: null, hiddenBy: null };
  const [after] = await tx.update(reviews).set(values).where(eq(reviews.id, id)).returning();
  if (!after) throw new Error(`review ${id} vanished while locked`);
  let statsChanged = false;
  if (change.hide && !wasHidden) statsChanged = await applyStats(tx, before.productId, contribution(before, -1));
  if (!change.hide && wasHidden) statsChanged = await applyStats(tx, before.productId, contribution(before, 1));
  return { before, after, statsChanged };
}
