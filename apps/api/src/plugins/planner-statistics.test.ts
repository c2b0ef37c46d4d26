import { sql } from '@kapaas/db';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startTestShop, type TestShop } from '../../test/shop';
import { refreshStatistics, statisticsDue } from './planner-statistics';

/*
 * The embedded database has no autovacuum: without this plugin its tables are never analysed, and the reports'
 * planner takes 100,000 orders for an empty table (ADR 054).
 */

let shop: TestShop | undefined;
afterEach(async () => {
  await shop?.close();
  shop = undefined;
});

/** The pages of a table the visibility map marks visible to every transaction, as the last ANALYZE or VACUUM counted. */
async function allVisiblePages(current: TestShop, table: string): Promise<number> {
  const result = await current.database.db.execute(
    sql`SELECT relallvisible::int AS n FROM pg_class WHERE oid = to_regclass(${table})`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  return Number(rows[0]?.n);
}

/** The planner's row estimate of a table: -1 until it was first analysed. */
async function estimatedRows(current: TestShop, table: string): Promise<number> {
  const result = await current.database.db.execute(
    sql`SELECT reltuples::float8 AS n FROM pg_class WHERE oid = to_regclass(${table})`,
  );
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { n: number }[];
  return Number(rows[0]?.n);
}

describe('the embedded database’s planner statistics', () => {
  it('are due once a shop day (India’s), and at the first pass after start', () => {
    expect(statisticsDue(null, new Date('2026-11-28T10:00:00Z'))).toBe(true);
    expect(statisticsDue('2026-11-28', new Date('2026-11-28T18:29:59Z'))).toBe(false);
    // 18:30 UTC is midnight in India: a new shop day.
    expect(statisticsDue('2026-11-28', new Date('2026-11-28T18:30:00Z'))).toBe(true);
  });

  it('are refreshed by the plugin on PGlite, where nothing else ever analyses a table', async () => {
    shop = await startTestShop({ statisticsSweepMs: 20 });
    const current = shop;
    if (current.database.kind !== 'pglite') return; // PostgreSQL's autovacuum does it there; the plugin is off.
    await vi.waitFor(async () => expect(await estimatedRows(current, 'products')).toBeGreaterThan(0), {
      timeout: 20_000,
      interval: 50,
    });
  });

  it('vacuums too, so that pages rewritten since are marked visible to all again (an index can answer alone)', async () => {
    shop = await startTestShop({ statisticsSweepMs: 0 });
    const current = shop;
    if (current.database.kind !== 'pglite') return;
    // Every row of products written again: the visibility map loses every page until a VACUUM marks them again.
    await current.database.db.execute(sql`UPDATE products SET updated_at = updated_at`);
    await current.database.db.execute(sql`ANALYZE products`);
    expect(await allVisiblePages(current, 'products')).toBe(0);
    await refreshStatistics(current.database);
    expect(await allVisiblePages(current, 'products')).toBeGreaterThan(0);
  });
});
