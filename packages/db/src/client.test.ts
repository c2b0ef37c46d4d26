import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, isDatabaseUnavailable, openDatabase, type Queryable, sql } from './index';
import { admin } from './testing';

/**
 * PGlite runs each query synchronously in the thread that holds it. In the shop's thread, a
 * transaction of many queries held the event loop for all of them, and no timer, socket or health
 * probe was served until it committed; in its own thread (ADR 029) the loop turns meanwhile.
 */
describe('PGlite leaves the event loop free while queries run', () => {
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

describe('PGlite in its own thread keeps what the shop relies on', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'pglite' });
    await handle.db.execute(
      sql`CREATE TABLE things (id integer PRIMARY KEY, name text NOT NULL UNIQUE, at timestamptz NOT NULL DEFAULT now())`,
    );
  });
  afterAll(async () => {
    await handle.close();
  });

  it('hands back PostgreSQL’s error fields: the SQLSTATE and the constraint', async () => {
    await handle.db.execute(sql`INSERT INTO things (id, name) VALUES (1, 'one')`);
    const failure = await handle.db.execute(sql`INSERT INTO things (id, name) VALUES (2, 'one')`).catch((e) => e);
    const cause = (failure as { cause?: { code?: string; constraint?: string } }).cause;
    expect(cause?.code).toBe('23505');
    expect(cause?.constraint).toBe('things_name_key');
  });

  it('keeps timestamps as PostgreSQL’s text, as Drizzle asks', async () => {
    const result = (await handle.db.execute(sql`SELECT at FROM things WHERE id = 1`)) as unknown as {
      rows: { at: unknown }[];
    };
    expect(typeof result.rows[0]?.at).toBe('string');
  });

  it('lets a transaction roll back what it wrote, and commits what another wrote', async () => {
    await expect(
      handle.db.transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO things (id, name) VALUES (3, 'three')`);
        tx.rollback();
      }),
    ).rejects.toThrow();
    await handle.db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO things (id, name) VALUES (4, 'four')`);
    });
    const result = (await handle.db.execute(sql`SELECT id FROM things ORDER BY id`)) as unknown as {
      rows: { id: number }[];
    };
    expect(result.rows.map((row) => row.id)).toEqual([1, 4]);
  });

  it('delivers a notice to a listener until it unsubscribes', async () => {
    const heard: string[] = [];
    const stop = await handle.listen('things_channel', (payload) => heard.push(payload));
    await handle.notify('things_channel', 'first');
    await expect.poll(() => heard).toEqual(['first']);
    await stop();
    await handle.notify('things_channel', 'second');
    await handle.db.execute(sql`SELECT 1`);
    expect(heard).toEqual(['first']);
  });

  it('dumps its data folder, from which another database starts with the same rows', async () => {
    const dump = await handle.dumpDataDir();
    const copy = await openDatabase({ kind: 'pglite', loadDataDir: dump });
    try {
      const result = (await copy.db.execute(sql`SELECT name FROM things ORDER BY id`)) as unknown as {
        rows: { name: string }[];
      };
      expect(result.rows.map((row) => row.name)).toEqual(['one', 'four']);
    } finally {
      await copy.close();
    }
  });

  it('answers "closed", which the shop reads as a database that is down, once closed', async () => {
    const other = await openDatabase({ kind: 'pglite' });
    await other.close();
    const failure = await other.db.execute(sql`SELECT 1`).catch((e) => e);
    expect(isDatabaseUnavailable(failure)).toBe(true);
  });
});

/**
 * PostgreSQL ends a connection the shop is using when it stops or restarts, or when an operator
 * terminates its backend: the client emits 'error', and an 'error' event nobody listens to ends the
 * process. The pool listens on idle clients only, so a client held by a transaction or an advisory
 * lock needs a listener of its own. Runs when DATABASE_URL names a server.
 */
const postgresUrl = process.env.DATABASE_URL ?? '';
describe.skipIf(!postgresUrl)('a PostgreSQL connection lost while the shop holds it', () => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openDatabase({ kind: 'postgres', url: postgresUrl, poolSize: 2 });
  });
  afterAll(async () => {
    await handle.close();
  });

  async function pidOf(db: Queryable): Promise<number> {
    const result = (await db.execute(sql`SELECT pg_backend_pid() AS pid`)) as unknown as { rows: { pid: number }[] };
    return result.rows[0]?.pid ?? 0;
  }
  /** Terminates the backend as a fast shutdown does (57P01), and waits until it is gone and its goodbye delivered. */
  async function terminate(pid: number) {
    await admin(postgresUrl, async (client) => {
      await client.query('SELECT pg_terminate_backend($1)', [pid]);
      await expect
        .poll(async () => (await client.query('SELECT 1 FROM pg_stat_activity WHERE pid = $1', [pid])).rowCount)
        .toBe(0);
    });
    // The client reads the server's message on a later turn of the event loop, with no query of its own under way.
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  it('fails the transaction as unavailable, keeps the process, and serves the next query on a new connection', async () => {
    const failure = await handle.db
      .transaction(async (tx) => {
        await terminate(await pidOf(tx));
        await tx.execute(sql`SELECT 1`);
      })
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(await pidOf(handle.db)).toBeGreaterThan(0);
  });

  it('fails the work under an advisory lock as unavailable, and the lock can be taken again', async () => {
    const failure = await handle
      .withAdvisoryLock('lost-connection-test', async () => {
        const held = (await admin(postgresUrl, (client) =>
          // pg_advisory_lock(bigint) keeps the key's low 32 bits in objid.
          client.query(
            "SELECT pid FROM pg_locks WHERE locktype = 'advisory' AND granted AND objid::bigint = (hashtext($1)::bigint & 4294967295)",
            ['lost-connection-test'],
          ),
        )) as { rows: { pid: number }[] };
        for (const { pid } of held.rows) await terminate(pid);
      })
      .catch((error: unknown) => error);
    expect(isDatabaseUnavailable(failure)).toBe(true);
    expect(await handle.withAdvisoryLock('lost-connection-test', async () => 'taken')).toBe('taken');
  });
});
