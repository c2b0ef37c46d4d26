import { type DatabaseHandle, maintainEmbedded } from '@kapaas/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../lib/periodic';
import { shopToday } from '../lib/shop-day';

/*
 * The embedded database's upkeep. PGlite is PostgreSQL in one process, with no autovacuum, so nothing ever runs
 * ANALYZE or VACUUM on its tables: the planner keeps thinking a table of 100,000 orders is empty and picks plans that
 * scan it again for every row (measured on seed:orders' 100,000 orders, ADR 054: the sales report's customers over 30
 * days took over 30 s without statistics and 0.43 s with them); dead rows are never taken back; and no page is ever
 * marked visible to all, so no query can answer from an index alone (ADR 062, third pass). So an embedded shop runs
 * VACUUM (ANALYZE) once a shop day, in the first hourly pass of the day (the first an hour after start), and at
 * start-up after migrations (`prepareDatabase`). PostgreSQL's own autovacuum does this on a server, so there the
 * plugin does nothing.
 */

/** Every hour by default; the ANALYZE itself runs once a shop day. */
export const DEFAULT_STATISTICS_SWEEP_MS = 3_600_000;

/** Whether a pass at `now` should refresh the statistics, last refreshed on the shop day `lastDay` (null: never). */
export function statisticsDue(lastDay: string | null, now: Date): boolean {
  return lastDay !== shopToday(now);
}

/** Vacuums the embedded database and refreshes its planner's statistics (`maintainEmbedded`). */
export async function refreshStatistics(database: DatabaseHandle): Promise<void> {
  await maintainEmbedded(database);
}

export const plannerStatisticsPlugin = fp<{ statisticsSweepMs?: number | undefined }>(
  async (app: FastifyInstance, options) => {
    const interval = options.statisticsSweepMs ?? DEFAULT_STATISTICS_SWEEP_MS;
    if (interval <= 0 || app.database.kind !== 'pglite') return;
    const log = app.deps.log.child({ module: 'statistics' });
    let lastDay: string | null = null;
    const stop = runEvery(
      interval,
      async () => {
        const now = new Date();
        if (!statisticsDue(lastDay, now)) return;
        const started = Date.now();
        await refreshStatistics(app.database);
        lastDay = shopToday(now);
        log.info(
          { ms: Date.now() - started },
          'the embedded database was vacuumed and its planner statistics refreshed',
        );
      },
      (err) => log.warn({ err }, 'refreshing the planner statistics failed; the next pass tries again'),
    );
    app.addHook('onClose', stop);
  },
  { name: 'planner-statistics', dependencies: ['database'] },
);
