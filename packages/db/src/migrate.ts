import { fileURLToPath } from 'node:url';
import { sql } from 'drizzle-orm';
import type { NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgliteDatabase } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../migrations', import.meta.url));

/** The advisory lock that start-up work (migrations, first seed) runs under. */
export const STARTUP_LOCK = 'kapaas:startup';

/** How many migrations the database records as applied (none before the first). */
async function appliedCount(handle: DatabaseHandle): Promise<number> {
  const found = await handle.db.execute(sql`SELECT to_regclass('drizzle.__drizzle_migrations') IS NOT NULL AS present`);
  const [row] = (found as unknown as { rows: { present: boolean }[] }).rows;
  if (!row?.present) return 0;
  const counted = await handle.db.execute(sql`SELECT count(*)::int AS n FROM drizzle.__drizzle_migrations`);
  return (counted as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
}

/** Applies pending migrations and answers how many it applied. Callers starting a server hold STARTUP_LOCK around it. */
export async function runMigrations(handle: DatabaseHandle): Promise<number> {
  const before = await appliedCount(handle);
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as unknown as PgliteDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  } else {
    await migratePg(handle.db as unknown as NodePgDatabase, { migrationsFolder: MIGRATIONS_FOLDER });
  }
  return (await appliedCount(handle)) - before;
}

/**
 * The maintenance PostgreSQL's autovacuum does on a server, which PGlite (one process, no background workers) never
 * does by itself: VACUUM takes back dead rows' space and marks the pages whose rows every transaction sees, which
 * lets the planner answer from an index alone (the reports' product names: 393 pages instead of the products
 * table's 4,655 at 50,000 products, ADR 062); ANALYZE gives it the tables' statistics (ADR 054). It holds PGlite's
 * one connection while it runs, so the shop calls it at start-up after migrations or a first seed, and once a shop
 * day. Does nothing on PostgreSQL.
 */
export async function maintainEmbedded(handle: DatabaseHandle): Promise<boolean> {
  if (handle.kind !== 'pglite') return false;
  await handle.db.execute(sql`VACUUM (ANALYZE)`);
  return true;
}
