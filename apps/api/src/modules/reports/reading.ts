import { type Queryable, sql } from '@kapaas/db';

/**
 * Runs a report's queries in one read transaction with PostgreSQL's JIT compilation off (ADR 054). A report's queries
 * scan a period's orders and cost enough for the planner to compile them, which took longer than running them: on
 * 100,000 orders it doubled every report's time. PGlite has no JIT; the setting is accepted there and changes nothing.
 */
export function reading<T>(db: Queryable, run: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // And its sorts and hashes over 50,000 products spilled past the default 4 MB of work memory into temporary
    // files, which PGlite writes through its WebAssembly file layer (ADR 062, third pass): this transaction alone may
    // use 32 MB. Both are SET LOCAL (`set_config(…, true)`), in one statement.
    await tx.execute(sql`SELECT set_config('jit', 'off', true), set_config('work_mem', '32MB', true)`);
    return run(tx);
  });
}

/**
 * A report's queries one after another, answering their results in order as Promise.all would: the queries of
 * `reading` share one transaction's client, which runs one query at a time (pg warns when handed several at once).
 */
export async function inTurn<T extends readonly (() => Promise<unknown>)[]>(
  ...steps: T
): Promise<{ -readonly [K in keyof T]: T[K] extends () => Promise<infer R> ? R : never }> {
  const results: unknown[] = [];
  for (const step of steps) results.push(await step());
  return results as { -readonly [K in keyof T]: T[K] extends () => Promise<infer R> ? R : never };
}
