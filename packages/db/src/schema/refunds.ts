import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { adminUsers } from './admin-users';
import { payments } from './payments';

/** A refund the provider made for one of our payments; the provider's id makes recording it idempotent. */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    providerRefundId: text('provider_refund_id').notNull().unique(),
    amountPaise: integer('amount_paise').notNull(),
    adminId: integer('admin_id').references(() => adminUsers.id, { onDelete: 'set null' }),
    /** The admin request's idempotency key: a request repeated with it makes no second refund. */
    requestKey: text('request_key').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('refunds_amount_positive', sql`${t.amountPaise} > 0`), index('refunds_payment_idx').on(t.paymentId)],
);
