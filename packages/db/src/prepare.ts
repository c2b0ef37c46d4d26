import type { DatabaseHandle } from './client';
import { maintainEmbedded, runMigrations, STARTUP_LOCK } from './migrate';
import { isShopEmpty, seedDemoShop } from './seed';

export interface PrepareResult {
  /** True when this call seeded the demo shop (the database had no catalogue). */
  seeded: boolean;
}

/**
 * Brings a database up to date at start-up: applies pending migrations and, on an empty shop,
 * seeds the demo catalogue. Runs under an advisory lock, so that processes starting together on
 * one PostgreSQL database migrate and seed once.
 */
export async function prepareDatabase(
  handle: DatabaseHandle,
  options: { seedDemo: boolean; now?: Date },
): Promise<PrepareResult> {
  return handle.withAdvisoryLock(STARTUP_LOCK, async () => {
    const applied = await runMigrations(handle);
    const seeded = options.seedDemo && (await isShopEmpty(handle.db));
    if (seeded) await seedDemoShop(handle.db, options.now);
    // Migrations and a first seed write rows by the thousand (0044 fills the reports' figures from every order): on
    // the embedded database nothing else would vacuum or analyse them until the daily pass (migrate.ts).
    if (applied > 0 || seeded) await maintainEmbedded(handle);
    return { seeded };
  });
}
