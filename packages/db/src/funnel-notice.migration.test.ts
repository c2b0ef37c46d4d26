import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from './client';
import { describeOnBothDatabases, migrateUpTo, rowsOf } from './migration-testing';

/**
 * Migration 0039 (issue 37, ADR 053) publishes the next version of the privacy notice, saying what the funnel counts:
 * the version in force with a section on the counts before its "Changes to this notice", or at the end of an owner's
 * text that has none. No version is changed. Runs on PGlite, and on PostgreSQL too when DATABASE_URL names a server.
 */

const SECTION = '## What we count, without knowing who you are';

const notices = (handle: DatabaseHandle) =>
  rowsOf<{ version: number; body: string }>(handle, sql`SELECT version, body FROM privacy_notices ORDER BY version`);

async function checkDefault(handle: DatabaseHandle): Promise<void> {
  await migrateUpTo(handle, '0038_whatsapp_cod_unconfirmed_default');
  const [first] = await notices(handle);
  await migrateUpTo(handle, '0039_funnel_notice');
  const [kept, next, ...more] = await notices(handle);
  expect(more).toEqual([]);
  expect(kept).toEqual(first);
  expect(next?.version).toBe(2);
  const body = next?.body ?? '';
  for (const counted of ['page was opened', 'put in a cart', 'checkouts included it', 'orders of it were paid'])
    expect(body).toContain(counted);
  expect(body).toContain('no cookie, no identifier and no internet address');
  expect(body).toContain('robots are not counted');
  // In its place: after the rest, before the changes to the notice, which still ends it.
  expect(body.indexOf(SECTION)).toBeGreaterThan(body.indexOf('## How to complain'));
  expect(body.indexOf(SECTION)).toBeLessThan(body.indexOf('## Changes to this notice'));
  expect(body.replace(/\n\n## What we count[\s\S]*?(?=\n\n## Changes)/, '')).toBe(first?.body);
}

async function checkOwnersText(handle: DatabaseHandle): Promise<void> {
  await migrateUpTo(handle, '0038_whatsapp_cod_unconfirmed_default');
  const own = '## Who we are\n\nKapaas, a small shop.';
  await handle.db.execute(sql`INSERT INTO privacy_notices (version, body) VALUES (2, ${own})`);
  await migrateUpTo(handle, '0039_funnel_notice');
  const rows = await notices(handle);
  expect(rows.map((row) => row.version)).toEqual([1, 2, 3]);
  expect(rows[1]?.body).toBe(own);
  expect(rows[2]?.body.startsWith(`${own}\n\n${SECTION}\n\n`)).toBe(true);
}

describeOnBothDatabases(
  'migration 0039: the default notice says what the funnel counts',
  'funnel_notice',
  checkDefault,
);
describeOnBothDatabases(
  "migration 0039: an owner's own notice gets the section at its end",
  'funnel_notice_own',
  checkOwnersText,
);
