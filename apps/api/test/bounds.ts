/**
 * How long a test with much work may run before it counts as hung: a bound derived from a count of its work, not
 * wall time. A fixed 30 s is met in 3 s on a quiet machine and missed on one running several suites at once: the
 * 40-shopper cash-on-delivery race took 2.6 s alone and timed out at 30 s under `npm test` on a busy machine. The
 * bound grows with the work instead (twice the shoppers, twice the bound), with room for a machine many times slower
 * than a quiet one; a test that passes it is stuck (a deadlock, a promise never settled), not slow.
 */

/** What one unit of a test's work may take on a busy machine. */
export const COST_MS = {
  /**
   * One operation: a call to the shop (`app.inject` or HTTP), a settlement, an expiry sweep or a webhook delivery.
   * Quiet, one takes 5–20 ms (the 40-shopper race: about 170 of them in 2.6 s); 1 s leaves room for 50 times that.
   */
  operation: 1_000,
  /** One shop process started (tsx, migrations, the catalogue loaded): what `listeningAt` waits for at most. */
  processStart: 90_000,
} as const;

/** The API tests' own bound (apps/api/vitest.config.ts): a test with little work keeps it. */
export const DEFAULT_BOUND_MS = 30_000;

/** The work a test does, counted. */
export interface Work {
  /** Calls to the shop, settlements, sweeps, webhook deliveries and the test's own checks, in all. */
  operations: number;
  /** Shop processes it starts. */
  processStarts?: number;
}

/**
 * The time bound of a test doing `work`, for `it(name, { timeout: boundFor(work) }, …)`: the cost of each unit of its
 * work added up, never below the project's default.
 */
export function boundFor(work: Work): number {
  const ms = work.operations * COST_MS.operation + (work.processStarts ?? 0) * COST_MS.processStart;
  return Math.max(DEFAULT_BOUND_MS, Math.ceil(ms));
}
