import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from './client';
import { describeOnBothDatabases, migrateToLatest, migrateUpTo, rowsOf } from './migration-testing';

/**
 * Migration 0008 (ADR 020) reads the dispositions the code wrote into `payments.note` before it
 * had `payments.status` values of its own, and turns each into a status and a refusal reason.
 * Runs on PGlite, and on PostgreSQL too when DATABASE_URL names a server.
 */

/** Each payment as the code before 0008 wrote it, and what 0008 must make of it. */
const DISPOSITIONS = [
  {
    what: 'accepted: captured, paid its order, no note',
    row: { status: 'captured', refunded: 0, note: null },
    want: { status: 'accepted', refusal_reason: null },
  },
  {
    what: 'not accepted, its refund under way',
    row: {
      status: 'captured',
      refunded: 0,
      note: 'Not accepted: the order had already been paid by another payment. Refunding in full.',
    },
    want: { status: 'refund_pending', refusal_reason: 'the order had already been paid by another payment' },
  },
  {
    what: 'not accepted (amount mismatch), its refund under way',
    row: {
      status: 'captured',
      refunded: 0,
      note: 'Not accepted: the payment of 100 INR paise does not match the order total of 54900 INR paise. Refunding in full.',
    },
    want: {
      status: 'refund_pending',
      refusal_reason: 'the payment of 100 INR paise does not match the order total of 54900 INR paise',
    },
  },
  {
    what: 'not accepted and refunded',
    row: {
      status: 'refunded',
      refunded: 54_900,
      note: 'Not accepted: the order had expired and its items sold out. Refunded in full (refund rfnd_Q1).',
    },
    want: { status: 'refunded', refusal_reason: 'the order had expired and its items sold out' },
  },
  {
    what: 'not accepted and its refund failed',
    row: {
      status: 'captured',
      refunded: 0,
      note: 'Not accepted: the order had been cancelled. THE REFUND FAILED (GATEWAY_ERROR: Refunds are unavailable); refund it from the admin console.',
    },
    want: { status: 'refund_failed', refusal_reason: 'the order had been cancelled' },
  },
  {
    what: 'not accepted, its refund failed, then refunded in part from the console',
    row: {
      status: 'partially_refunded',
      refunded: 10_000,
      note: 'Not accepted: its coupon had been fully redeemed meanwhile. THE REFUND FAILED (NETWORK_ERROR: connect ECONNREFUSED); refund it from the admin console.',
    },
    want: { status: 'partially_refunded', refusal_reason: 'its coupon had been fully redeemed meanwhile' },
  },
  {
    what: 'failed, with the provider’s error description',
    row: { status: 'failed', refunded: 0, note: 'Your payment was declined by the bank.' },
    want: { status: 'failed', refusal_reason: null },
  },
  {
    what: 'failed, without a description',
    row: { status: 'failed', refunded: 0, note: null },
    want: { status: 'failed', refusal_reason: null },
  },
  {
    what: 'accepted, then refunded in part from the console',
    row: { status: 'partially_refunded', refunded: 20_000, note: null },
    want: { status: 'partially_refunded', refusal_reason: null },
  },
  {
    what: 'accepted, then refunded in full from the console',
    row: { status: 'refunded', refunded: 54_900, note: null },
    want: { status: 'refunded', refusal_reason: null },
  },
] as const;

/** Inserts one order and a payment in each disposition, with the SQL of the schema as of 0007. */
async function insertOldPayments(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`INSERT INTO guests DEFAULT VALUES`);
  await handle.db.execute(sql`
    INSERT INTO orders (guest_id, status, address_snapshot, items_total_paise, total_paise)
    VALUES ((SELECT max(id) FROM guests), 'expired', '{}'::jsonb, 54900, 54900)`);
  for (const [index, { row }] of DISPOSITIONS.entries()) {
    await handle.db.execute(sql`
      INSERT INTO payments (order_id, provider_payment_id, amount_paise, status, refunded_paise, note)
      VALUES ((SELECT max(id) FROM orders), ${`pay_old${index}`}, 54900, ${row.status}, ${row.refunded}, ${row.note})`);
  }
}

function migratedPayments(handle: DatabaseHandle) {
  return rowsOf<{ provider_payment_id: string; status: string; refusal_reason: string | null }>(
    handle,
    sql`SELECT provider_payment_id, status, refusal_reason, refunded_paise, note FROM payments ORDER BY id`,
  );
}

/** Migrates to 0007, writes today's payments, applies 0008 and checks every row. */
async function checkBackfill(handle: DatabaseHandle): Promise<void> {
  await migrateUpTo(handle, '0007_refund_request_keys');
  await insertOldPayments(handle);
  await migrateToLatest(handle);
  const rows = await migratedPayments(handle);
  expect(rows).toEqual(
    DISPOSITIONS.map(({ row, want }, index) =>
      expect.objectContaining({ provider_payment_id: `pay_old${index}`, ...want, note: row.note }),
    ),
  );
  // The constraint is on: a status outside the set is refused.
  await expect(handle.db.execute(sql`UPDATE payments SET status = 'captured'`)).rejects.toThrow();
}

describeOnBothDatabases('migration 0008: payments.status from the notes, every disposition', 'payments', checkBackfill);
