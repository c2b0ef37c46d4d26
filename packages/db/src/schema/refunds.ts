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

/**
 * A refund the shop has started to ask the provider for (ADR 041): written, under the order's lock, before the provider
 * is asked, so that a refund asked for at the same moment in another process sees the money already spoken for and
 * cannot ask for it twice. `provider_key` is the idempotency key the provider is asked with: a claim left `asking` by
 * a crash is finished by asking again with the same key, which the provider answers with the same refund. It becomes
 * `made` once the refund is recorded in `refunds`, or `failed` when the provider refused it.
 */
export const refundClaims = pgTable(
  'refund_claims',
  {
    id: serial('id').primaryKey(),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'restrict' }),
    amountPaise: integer('amount_paise').notNull(),
    providerKey: text('provider_key').notNull().unique(),
    state: text('state', { enum: ['asking', 'made', 'failed'] })
      .notNull()
      .default('asking'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (t) => [
    check('refund_claims_amount_positive', sql`${t.amountPaise} > 0`),
    check('refund_claims_state', sql`${t.state} IN ('asking', 'made', 'failed')`),
    index('refund_claims_payment_idx').on(t.paymentId),
  ],
);
