import { REVIEW_FIT_VALUES } from '@kapaas/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { guests } from './guests';
import { orderItems } from './order-items';
import { orders } from './orders';
import { products } from './products';
import { users } from './users';

/**
 * A buyer's review of a product they received: one per product per shopper (an account, or a
 * guest identity), editable, tied to the delivered order line it speaks for. Published at once;
 * the owner may hide it with a reason. The text is plain and is never rendered as markup.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestId: integer('guest_id').references(() => guests.id, { onDelete: 'cascade' }),
    /** The delivered order and line the review speaks for: the size bought comes from it. */
    orderId: integer('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    orderItemId: integer('order_item_id')
      .notNull()
      .references(() => orderItems.id, { onDelete: 'cascade' }),
    sizeLabel: text('size_label').notNull(),
    /** The name shown: the first name and the initial of the last name, from the order's address. */
    author: text('author').notNull(),
    rating: integer('rating').notNull(),
    title: text('title'),
    body: text('body').notNull(),
    fit: text('fit', { enum: REVIEW_FIT_VALUES }).notNull(),
    /** Up to three photos the shopper uploaded (URLs under /media/uploads/). */
    photos: text('photos').array().notNull().default(sql`'{}'::text[]`),
    helpfulCount: integer('helpful_count').notNull().default(0),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    hiddenBy: integer('hidden_by').references(() => adminUsers.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('reviews_one_owner', sql`(${t.userId} IS NULL) <> (${t.guestId} IS NULL)`),
    check('reviews_rating_range', sql`${t.rating} BETWEEN 1 AND 5`),
    check('reviews_body_length', sql`char_length(${t.body}) BETWEEN 10 AND 2000`),
    check('reviews_fit_known', sql`${t.fit} IN ('runs_small', 'true_to_size', 'runs_large')`),
    check('reviews_photos_at_most_3', sql`coalesce(array_length(${t.photos}, 1), 0) <= 3`),
    check('reviews_helpful_non_negative', sql`${t.helpfulCount} >= 0`),
    uniqueIndex('reviews_user_product_unique').on(t.productId, t.userId).where(sql`${t.userId} IS NOT NULL`),
    uniqueIndex('reviews_guest_product_unique').on(t.productId, t.guestId).where(sql`${t.guestId} IS NOT NULL`),
    index('reviews_product_recent_idx').on(t.productId, t.createdAt),
  ],
);

/** "Helpful" on a review: one vote per shopper (an account `u<id>` or a guest `g<id>`) per review. */
export const reviewVotes = pgTable(
  'review_votes',
  {
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    voter: text('voter').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.reviewId, t.voter] })],
);

/**
 * A product's published reviews in numbers, kept in the transaction that changes a review, so that
 * listing cards show the average without counting reviews at 50,000 products.
 */
export const reviewStats = pgTable(
  'review_stats',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    count: integer('count').notNull().default(0),
    ratingSum: integer('rating_sum').notNull().default(0),
    stars1: integer('stars_1').notNull().default(0),
    stars2: integer('stars_2').notNull().default(0),
    stars3: integer('stars_3').notNull().default(0),
    stars4: integer('stars_4').notNull().default(0),
    stars5: integer('stars_5').notNull().default(0),
    runsSmall: integer('runs_small').notNull().default(0),
    trueToSize: integer('true_to_size').notNull().default(0),
    runsLarge: integer('runs_large').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check(
      'review_stats_non_negative',
      sql`${t.count} >= 0 AND ${t.ratingSum} >= 0 AND ${t.stars1} >= 0 AND ${t.stars2} >= 0 AND ${t.stars3} >= 0 AND ${t.stars4} >= 0 AND ${t.stars5} >= 0 AND ${t.runsSmall} >= 0 AND ${t.trueToSize} >= 0 AND ${t.runsLarge} >= 0`,
    ),
  ],
);

/** The one "how was it?" message per delivered order: queued once, a set number of days after delivery. */
export const reviewRequests = pgTable('review_requests', {
  orderId: integer('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
});
