import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from './client';
import { describeOnBothDatabases, migrateToLatest, migrateUpTo, rowsOf } from './migration-testing';

/**
 * Migration 0025 (issue 35) moves the consent flags of before into the consent ledger, once: a confirmed newsletter
 * address gave `marketing_email` (and its account `cart_reminders`, which then went to subscribed accounts), a waiting
 * "notify me" gave `back_in_stock`, and a one-click unsubscribe withdrew all three. It also writes the default notice,
 * and the ledger refuses to be rewritten. Runs on PGlite, and on PostgreSQL too when DATABASE_URL names a server.
 */

interface Entry {
  user_id: number | null;
  email: string | null;
  purpose: string;
  given: boolean;
  source: string;
}

async function insertFlags(handle: DatabaseHandle): Promise<void> {
  const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
  await run(sql`INSERT INTO users (name, email, phone, password_hash) VALUES
    ('Asha', 'asha@example.in', '9876543210', 'x'), ('Ravi', 'ravi@example.in', '9876543211', 'x')`);
  // Asha (an account) and a guest confirmed; Ravi subscribed but never confirmed; a guest unsubscribed later.
  await run(sql`INSERT INTO newsletter_subscribers (email, created_at, confirmed_at) VALUES
    ('Asha@Example.in', '2026-01-01', '2026-01-02'), ('guest@example.in', '2026-02-01', '2026-02-02'),
    ('ravi@example.in', '2026-03-01', NULL), ('gone@example.in', '2026-01-01', '2026-01-02')`);
  await run(sql`INSERT INTO mail_suppressions (email, created_at) VALUES ('gone@example.in', '2026-04-01')`);
}

async function checkLedger(handle: DatabaseHandle): Promise<void> {
  await migrateUpTo(handle, '0024_cod_pay_link_hours');
  await insertFlags(handle);
  await migrateToLatest(handle);

  const entries = await rowsOf<Entry>(
    handle,
    sql`SELECT user_id, email, purpose, given, source FROM consents ORDER BY email, purpose, created_at, id`,
  );
  const asha = (await rowsOf<{ id: number }>(handle, sql`SELECT id FROM users WHERE email = 'asha@example.in'`))[0];
  expect(entries).toEqual([
    { user_id: asha?.id, email: 'asha@example.in', purpose: 'cart_reminders', given: true, source: 'migration' },
    { user_id: asha?.id, email: 'asha@example.in', purpose: 'marketing_email', given: true, source: 'migration' },
    { user_id: null, email: 'gone@example.in', purpose: 'back_in_stock', given: false, source: 'migration' },
    { user_id: null, email: 'gone@example.in', purpose: 'cart_reminders', given: false, source: 'migration' },
    { user_id: null, email: 'gone@example.in', purpose: 'marketing_email', given: true, source: 'migration' },
    { user_id: null, email: 'gone@example.in', purpose: 'marketing_email', given: false, source: 'migration' },
    { user_id: null, email: 'guest@example.in', purpose: 'marketing_email', given: true, source: 'migration' },
  ]);

  const [notice] = await rowsOf<{ version: number; body: string }>(
    handle,
    sql`SELECT version, body FROM privacy_notices WHERE version = 1`,
  );
  expect(notice?.version).toBe(1);
  for (const item of [
    'What we collect',
    'withdraw',
    'grievance officer',
    'do not track or profile children',
    'no third-party trackers',
  ])
    expect(notice?.body).toContain(item);

  // Append-only: no entry is deleted or rewritten; only its identity may be erased.
  await expect(handle.db.execute(sql`DELETE FROM consents`)).rejects.toThrow();
  await expect(handle.db.execute(sql`UPDATE consents SET given = NOT given`)).rejects.toThrow();
  await expect(handle.db.execute(sql`UPDATE consents SET email = 'someone@else.in'`)).rejects.toThrow();
  await handle.db.execute(sql`UPDATE consents SET email = NULL, user_id = NULL WHERE email = 'guest@example.in'`);
  expect(await rowsOf(handle, sql`SELECT 1 FROM consents WHERE email IS NULL AND user_id IS NULL`)).toHaveLength(1);
}

describeOnBothDatabases('migration 0025: the consent flags of before are in the ledger, once', 'consent', checkLedger);
