import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase, sql } from './index';

/**
 * PGlite runs each query synchronously in this thread, and its promises settle as microtasks: without
 * a turn of the event loop between queries, a transaction of many queries holds the loop for all of
 * them at once, and no timer, socket or health probe is served until it commits.
 */
describe('PGlite hands the event loop back between queries', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
    await handle.db.execute(sql`CREATE TABLE counters (id integer PRIMARY KEY, value integer NOT NULL)`);
    await handle.db.execute(sql`INSERT INTO counters VALUES (1, 0)`);
  });
  async function counter(): Promise<number> {
    const result = (await handle.db.execute(sql`SELECT value FROM counters WHERE id = 1`)) as unknown as {
      rows: { value: number }[];
    };
    return result.rows[0]?.value ?? Number.NaN;
  }

  afterAll(async () => {
    await handle.close();
  });

  // A few milliseconds of queries may run through; thousands of them must not.
  const MANY = 2_000;

  it('runs a callback queued with setImmediate during a long transaction, before the transaction ends', async () => {
    let ran = false;
    let queries = 0;
    await handle.db.transaction(async (tx) => {
      setImmediate(() => {
        ran = true;
      });
      while (!ran && queries < MANY) {
        await tx.execute(sql`UPDATE counters SET value = value + 1 WHERE id = 1`);
        queries += 1;
      }
    });
    expect(ran).toBe(true);
    expect(queries).toBeLessThan(MANY);
    expect(await counter()).toBe(queries);
  });

  it('runs a callback queued with setImmediate during a long run of queries outside a transaction', async () => {
    let ran = false;
    let queries = 0;
    setImmediate(() => {
      ran = true;
    });
    while (!ran && queries < MANY) {
      await handle.db.execute(sql`SELECT value FROM counters WHERE id = 1`);
      queries += 1;
    }
    expect(ran).toBe(true);
    expect(queries).toBeLessThan(MANY);
  });

  it('runs a callback queued with setImmediate among many queries asked for at once', async () => {
    let ran = false;
    let afterIt = 0;
    setImmediate(() => {
      ran = true;
    });
    await Promise.all(
      Array.from({ length: MANY }, async () => {
        await handle.db.execute(sql`SELECT value FROM counters WHERE id = 1`);
        if (ran) afterIt += 1;
      }),
    );
    expect(ran).toBe(true);
    expect(afterIt).toBeGreaterThan(0);
  });

  it('keeps a transaction whole: a rollback undoes every query in it', async () => {
    const before = await counter();
    await expect(
      handle.db.transaction(async (tx) => {
        for (let i = 0; i < 5; i++) await tx.execute(sql`UPDATE counters SET value = value + 1 WHERE id = 1`);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await counter()).toBe(before);
  });
});
