import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../../lib/periodic';
import { sweepExports } from './export';
import { type ConsoleRecords, runDailyRetention } from './retention';

/**
 * Every hour by default: the run itself happens once per shop day (the first pass after India's midnight, in
 * whichever process comes first), so an hour is how late after midnight it may start.
 */
export const DEFAULT_RETENTION_SWEEP_MS = 3_600_000;

/**
 * Retention (issue 35): deletes what is past its time once a day, in every shop process; the daily run takes a lock
 * and records itself in the audit log, so only one process runs it a day. `records` is admin's `consoleRecords`
 * (app.ts hands it down). Each pass also deletes the data exports left unopened past their link's day from this
 * process's `privateDir` (export.ts), files no other process sees. `retentionSweepMs: 0` turns it off.
 */
export const retentionPlugin = fp<{
  retentionSweepMs?: number | undefined;
  records: ConsoleRecords;
  privateDir?: string | undefined;
}>(
  async (app: FastifyInstance, options) => {
    const interval = options.retentionSweepMs ?? DEFAULT_RETENTION_SWEEP_MS;
    if (interval <= 0) return;
    const deps = { db: app.deps.db, log: app.deps.log.child({ module: 'retention' }), records: options.records };
    const stop = runEvery(
      interval,
      async () => {
        if (options.privateDir) await sweepExports(options.privateDir);
        await runDailyRetention(deps);
      },
      (err) => deps.log.warn({ err }, 'the retention run failed; the next pass tries again'),
    );
    app.addHook('onClose', stop);
  },
  { name: 'privacy-retention', dependencies: ['database'] },
);
