import { inject } from 'vitest';

/**
 * The shop this worker's journeys run against. Each worker (VITEST_POOL_ID, 1 to the number of workers) has a shop of
 * its own and runs its files one after another, so no two journeys share a shop at once.
 */
export function shopUrl(): string {
  const urls = inject('baseUrls');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const url = urls[(worker - 1) % urls.length];
  if (!url) throw new Error('no shop was started for the journeys');
  return url;
}
