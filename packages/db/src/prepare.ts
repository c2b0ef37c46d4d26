import type { DatabaseHandle } from './client';
import { runMigrations, STARTUP_LOCK } from './migrate';
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
    await runMigrations(handle);
    if (!options.seedDemo || !(await isShopEmpty(handle.db))) return { seeded: false };
    await seedDemoShop(handle.db, options.now);
    return { seeded: true };
  });
}
