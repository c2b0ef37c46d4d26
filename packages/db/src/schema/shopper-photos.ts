import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { guests } from './guests';
import { orders } from './orders';
import { returnRequests } from './returns';
import { reviews } from './reviews';
import { users } from './users';

/**
 * A photo a shopper uploaded for a review or a return (module `photos`): whose it is, the delivered order it was sent
 * for, and what it is attached to. A review's photo is public (under /media/photos/); a return's is private (under
 * DATA_DIR/private/photos/, shown only to its shopper and the staff). One not attached to a review or a return a day
 * after its upload is deleted, and its files with it unless another row still names them (content-addressed files may
 * be shared). The owner columns become null when the account or guest is erased, which leaves the row to that sweep
 * once nothing holds it.
 */
export const shopperPhotos = pgTable(
  'shopper_photos',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    guestId: integer('guest_id').references(() => guests.id, { onDelete: 'set null' }),
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The content's hash (24 hex digits): the files are `<name>-<width>.webp`, one per width. */
    name: text('name').notNull(),
    widths: integer('widths').array().notNull(),
    /** What photo_upload answered and the review or return names: the largest rendition's URL. */
    url: text('url').notNull(),
    /** A return's photo: never under the public media. */
    private: boolean('private').notNull(),
    reviewId: integer('review_id').references(() => reviews.id, { onDelete: 'set null' }),
    returnId: integer('return_id').references(() => returnRequests.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('shopper_photos_one_owner_at_most', sql`${t.userId} IS NULL OR ${t.guestId} IS NULL`),
    check('shopper_photos_review_public', sql`${t.reviewId} IS NULL OR NOT ${t.private}`),
    check('shopper_photos_return_private', sql`${t.returnId} IS NULL OR ${t.private}`),
    check('shopper_photos_name_hex', sql`${t.name} ~ '^[0-9a-f]{24}$'`),
    index('shopper_photos_name_idx').on(t.name, t.private),
    index('shopper_photos_user_idx').on(t.userId),
    index('shopper_photos_guest_idx').on(t.guestId),
    index('shopper_photos_review_idx').on(t.reviewId),
    index('shopper_photos_return_idx').on(t.returnId),
    index('shopper_photos_unattached_idx').on(t.createdAt).where(sql`${t.reviewId} IS NULL AND ${t.returnId} IS NULL`),
  ],
);
