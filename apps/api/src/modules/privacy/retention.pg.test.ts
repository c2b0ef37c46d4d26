import { auditLog, eq, sql } from '@kapaas/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestShop, type TestShop } from '../../../test/shop';
import { consoleRecords } from '../admin';
import { RETENTION_RUN, runDailyRetention } from './retention';

/** Runs only on PostgreSQL (CI's second pass): PGlite runs one transaction at a time, so nothing can interleave. */
let shop: TestShop;
const DAY = 86_400_000;
const silent = { info() {}, warn() {}, error() {}, child: () => silent };

beforeAll(async () => {
  shop = await startTestShop();
});
afterAll(async () => {
  await shop?.close();
});

describe('the daily retention run with several processes on one database', () => {
  it('is skipped while another holds its lock, and runs once when two start together', async () => {
    const db = shop.database.db;
    const deps = { db, log: silent, records: consoleRecords };
    const day = new Date(Date.now() + 10 * DAY);
    let release = () => {};
    const released = new Promise<void>((go) => {
      release = go;
    });
    let held = () => {};
    const lockHeld = new Promise<void>((go) => {
      held = go;
    });
    // Another process in the middle of its run: it holds the lock until told.
    const other = db.transaction(async (tx) => {
      await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('privacy-retention'))`);
      held();
      await released;
    });
    await lockHeld;
    expect(await runDailyRetention(deps, day)).toBeNull();
    release();
    await other;

    const runs = await Promise.all([runDailyRetention(deps, day), runDailyRetention(deps, day)]);
    expect(runs.filter((run) => run !== null)).toHaveLength(1);
    const recorded = await db.select().from(auditLog).where(eq(auditLog.action, RETENTION_RUN));
    expect(recorded).toHaveLength(1);
  });
});
