import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { DatabaseHandle } from './client';
import { describeOnBothDatabases, migrateToLatest, migrateUpTo, rowsOf } from './migration-testing';

/**
 * Migration 0043 (issue 38, ADR 059): the `child_profile` purpose, the children kept under it, which a withdrawal
 * deletes (by account or by the account's address, as a message's footer says it), and the privacy notice's next
 * version saying what a child's profile keeps. Runs on PGlite, and on PostgreSQL too when DATABASE_URL names a server.
 */

const SECTION = "## Your children's sizes";

const notices = (handle: DatabaseHandle) =>
  rowsOf<{ version: number; body: string }>(handle, sql`SELECT version, body FROM privacy_notices ORDER BY version`);
const children = async (handle: DatabaseHandle) =>
  (await rowsOf<{ user_id: number }>(handle, sql`SELECT user_id FROM child_profiles ORDER BY id`)).map(
    (row) => row.user_id,
  );

async function checkWithdrawal(handle: DatabaseHandle): Promise<void> {
  await migrateToLatest(handle);
  const run = (query: ReturnType<typeof sql>) => handle.db.execute(query);
  await run(sql`INSERT INTO users (id, name, email, phone, password_hash) VALUES
    (1, 'Asha', 'asha@example.in', '9876543210', 'x'), (2, 'Ravi', 'ravi@example.in', '9876543211', 'x')`);
  await run(sql`INSERT INTO consents (user_id, email, purpose, given, source) VALUES
    (1, 'asha@example.in', 'child_profile', true, 'profile'), (2, 'ravi@example.in', 'child_profile', true, 'profile')`);
  await run(sql`INSERT INTO child_profiles (user_id, first_name, birth_month) VALUES
    (1, 'Aarav', '2025-03-01'), (1, NULL, '2023-11-01'), (2, 'Diya', '2024-06-01')`);
  expect(await children(handle)).toEqual([1, 1, 2]);

  // Another purpose withdrawn, or this one given again, keeps them.
  await run(sql`INSERT INTO consents (user_id, purpose, given, source) VALUES (1, 'marketing_email', false, 'profile'),
    (1, 'child_profile', true, 'profile')`);
  expect(await children(handle)).toEqual([1, 1, 2]);

  // The profile's switch (by account) deletes that account's children only.
  await run(sql`INSERT INTO consents (user_id, purpose, given, source) VALUES (1, 'child_profile', false, 'profile')`);
  expect(await children(handle)).toEqual([2]);

  // A message's footer says it by address, in any case: the account using the address loses its children.
  await run(sql`INSERT INTO consents (email, purpose, given, source) VALUES
    ('Ravi@Example.in', 'child_profile', false, 'message_footer')`);
  expect(await children(handle)).toEqual([]);

  // Only the first of a month is a birth month, and a name is 1 to 40 characters.
  await expect(run(sql`INSERT INTO child_profiles (user_id, birth_month) VALUES (1, '2025-03-02')`)).rejects.toThrow();
  await expect(
    run(sql`INSERT INTO child_profiles (user_id, first_name, birth_month) VALUES (1, '', '2025-03-01')`),
  ).rejects.toThrow();
}

async function checkNotice(handle: DatabaseHandle): Promise<void> {
  await migrateUpTo(handle, '0042_size_advices');
  const before = await notices(handle);
  await migrateToLatest(handle);
  const after = await notices(handle);
  expect(after.slice(0, -1)).toEqual(before);
  const next = after.at(-1);
  expect(next?.version).toBe((before.at(-1)?.version ?? 0) + 1);
  const body = next?.body ?? '';
  for (const said of [
    'first name',
    'birth month',
    'never shared, never shown to our staff',
    'withdrawing that consent',
  ])
    expect(body).toContain(said);
  // In its place: after the children's section, before the rights, the rest as it was.
  expect(body.indexOf(SECTION)).toBeGreaterThan(body.indexOf('## Children'));
  expect(body.indexOf(SECTION)).toBeLessThan(body.indexOf('## Your rights'));
  // The children's section no longer says the shop collects nothing of a child: it names the one exception.
  expect(body).not.toContain('knowingly collect their data');
  expect(body).toContain(KEPT_FOR_SIZES);
  expect(
    body.replace(/\n\n## Your children's sizes[\s\S]*?(?=\n\n## Your rights)/, '').replace(KEPT_FOR_SIZES, OLD_WORDS),
  ).toBe(before.at(-1)?.body);
}

const OLD_WORDS = 'we do not serve children under 13 or knowingly collect their data.';
const KEPT_FOR_SIZES =
  "we do not serve children under 13, and the one thing we keep about a child is what a parent chooses to keep for the child's sizes (below).";

async function checkOwnersText(handle: DatabaseHandle): Promise<void> {
  await migrateUpTo(handle, '0042_size_advices');
  const own = '## Who we are\n\nKapaas, a small shop.';
  await handle.db.execute(sql`INSERT INTO privacy_notices (version, body) VALUES (3, ${own})`);
  await migrateToLatest(handle);
  const rows = await notices(handle);
  expect(rows.map((row) => row.version)).toEqual([1, 2, 3, 4]);
  expect(rows[3]?.body.startsWith(`${own}\n\n${SECTION}\n\n`)).toBe(true);
}

describeOnBothDatabases(
  'migration 0043: withdrawing child_profile deletes the children',
  'child_profiles_withdrawal',
  checkWithdrawal,
);
describeOnBothDatabases('migration 0043: the notice says what a child profile keeps', 'child_notice', checkNotice);
describeOnBothDatabases(
  "migration 0043: an owner's own notice gets the section at its end",
  'child_notice_own',
  checkOwnersText,
);
