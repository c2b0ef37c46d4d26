import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;
/** The shop's database, whichever engine is underneath (PGlite or PostgreSQL). */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** A transaction on the shop's database. */
export type Transaction = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything queries can run on: the database or a transaction in progress. */
export type Queryable = Database | Transaction;

export type DatabaseOptions =
  /** PostgreSQL through a `pg` pool. */
  | { kind: 'postgres'; url: string; poolSize?: number }
  /** Embedded PGlite: file-backed under `dataDir`, or in memory when it is absent. */
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob | File };

/** What a subscriber hears about its LISTEN connection besides the notices. */
export interface ListenEvents {
  lost?(error: unknown): void;
  resumed?(): void;
}

/** An open database with what the rest of the shop needs beyond queries. */
export interface DatabaseHandle {
  db: Database;
  kind: 'postgres' | 'pglite';
  /** Runs `fn` with a session-level advisory lock held, so that only one process does it at a time. */
  withAdvisoryLock<T>(key: string, fn: () => Promise<T>): Promise<T>;
  /**
   * Subscribes to a NOTIFY channel; resolves to an unsubscribe function. On PostgreSQL a lost
   * connection (a restart, a terminated backend) is re-established with backoff: `events.lost`
   * is called once when it goes, `events.resumed` once it listens again (notices sent in between
   * are lost, so the caller resynchronises).
   */
  listen(channel: string, onPayload: (payload: string) => void, events?: ListenEvents): Promise<() => Promise<void>>;
  notify(channel: string, payload: string): Promise<void>;
  /** PGlite only: the whole data directory as a tarball, to start other databases from it. */
  dumpDataDir(): Promise<Blob | File>;
  close(): Promise<void>;
}

/** Node's errors for a server that cannot be reached, or that went away mid-conversation. */
const UNREACHABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
]);
/** PostgreSQL's SQLSTATEs for a server that is shutting down, starting, or full. */
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300']);
/**
 * PGlite's buffer pool. PostgreSQL's default of 128 MB lives in PGlite's WebAssembly memory, which
 * is touched at start and never given back; the operating system's page cache holds the data
 * files anyway. Measured on a 50,000-product catalogue read whole in chunks: 32 MB read it as fast
 * as 128 MB and left the process 134 MB smaller (286 against 420 MB resident).
 */
const PGLITE_SHARED_BUFFERS = '32MB';

/** What pg and PGlite say when the connection is gone or the handle is closed. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end on the pool',
  'PGlite is closed',
];

/**
 * True when `error` (or what it wraps, as Drizzle wraps a failed query) says that the database
 * cannot be reached at all, as opposed to a query that failed: the caller may try again later.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; cause = cause.cause, depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') {
      if (UNREACHABLE_CODES.has(code) || UNAVAILABLE_STATES.has(code) || code.startsWith('08')) return true;
    }
    if (UNAVAILABLE_MESSAGES.some((message) => cause instanceof Error && cause.message.includes(message))) return true;
  }
  return false;
}

/** Opens the shop's database. */
export async function openDatabase(options: DatabaseOptions): Promise<DatabaseHandle> {
  return options.kind === 'postgres' ? openPostgres(options.url, options.poolSize) : openPglite(options);
}

async function openPglite(options: { dataDir?: string; loadDataDir?: Blob | File }): Promise<DatabaseHandle> {
  let unlock: (() => void) | undefined;
  if (options.dataDir) {
    mkdirSync(options.dataDir, { recursive: true });
    // Two processes on one folder corrupt it (PGlite has no lock of its own): the lock file sits
    // beside the folder, so that a dump of the folder never carries it.
    unlock = await lockDataDir(options.dataDir, join(dirname(options.dataDir), `${basename(options.dataDir)}.lock`));
  }
  let client: PGlite;
  try {
    client = await PGlite.create({
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
  } catch (error) {
    unlock?.();
    throw error;
  }
  const db = drizzlePglite(yieldingBetweenQueries(client), { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    async withAdvisoryLock(key, fn) {
      // PGlite serves one process, but the lock keeps the code path identical to PostgreSQL's.
      await client.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
      try {
        return await fn();
      } finally {
        await client.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
      }
    },
    async listen(channel, onPayload) {
      const unsubscribe = await client.listen(channel, onPayload);
      return async () => unsubscribe();
    },
    async notify(channel, payload) {
      await client.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    dumpDataDir: () => client.dumpDataDir('none'),
    async close() {
      try {
        await client.close();
      } finally {
        unlock?.();
      }
    },
  };
}

/**
 * How long PGlite's queries may keep the event loop from turning before the next one waits for a
 * turn: long enough that a short transaction runs through (and holds PGlite, which makes every other
 * query wait for it, only briefly), short enough that the loop's delay stays far under 50 ms.
 */
const PGLITE_SLICE_MS = 10;
/** Since when the loop has not turned, as far as PGlite's queries know (while `turnPending`). */
let sliceStartedAt = 0;
/** A setImmediate is queued that marks the next turn of the loop; until it runs, the slice goes on. */
let turnPending = false;

/**
 * Nothing when the loop turned less than PGLITE_SLICE_MS ago; else a promise that resolves in a
 * later turn, after the timers and the sockets that are ready.
 */
function turnIfDue(): Promise<void> | undefined {
  const now = performance.now();
  if (!turnPending) {
    turnPending = true;
    sliceStartedAt = now;
    setImmediate(() => {
      turnPending = false;
    });
    return undefined;
  }
  if (now - sliceStartedAt < PGLITE_SLICE_MS) return undefined;
  return new Promise((resolve) => setImmediate(resolve));
}

type PgliteTransaction = Parameters<Parameters<PGlite['transaction']>[0]>[0];

/**
 * PGlite runs every query synchronously in this thread, and its promises settle as microtasks, so
 * queries run one after another never let the event loop turn: a checkout's transaction of a dozen
 * queries held it for 20–75 ms, and queries queued behind it ran on in the same turn, while every
 * other request, timer and health probe waited. This hands PGlite to one query or transaction at a
 * time, in order (as PGlite itself does), and before each query, once PGLITE_SLICE_MS have gone
 * since the loop last turned, waits for a turn: the loop's delay stays near that slice and one
 * query. A transaction stays whole: nothing else reaches PGlite until it ends.
 */
function yieldingBetweenQueries(client: PGlite): PGlite {
  let tail: Promise<unknown> = Promise.resolve();
  const inTurn = <T>(work: () => Promise<T>): Promise<T> => {
    const run = tail.then(async () => {
      await turnIfDue();
      return work();
    });
    tail = run.catch(() => undefined);
    return run;
  };
  const own: Record<string | symbol, unknown> = {
    query: (...args: Parameters<PGlite['query']>) => inTurn(() => client.query(...args)),
    exec: (...args: Parameters<PGlite['exec']>) => inTurn(() => client.exec(...args)),
    transaction: <T>(callback: (tx: PgliteTransaction) => Promise<T>) =>
      inTurn(() => client.transaction((tx) => callback(yieldingTransaction(tx)))),
  };
  return new Proxy(client, {
    get(object, property) {
      if (Object.hasOwn(own, property)) return own[property];
      // PGlite keeps its state in private fields: its methods and getters must see the object itself.
      const value = Reflect.get(object, property, object);
      return typeof value === 'function' ? value.bind(object) : value;
    },
  });
}

/** A transaction whose queries wait for a turn of the loop first when the slice is spent. */
function yieldingTransaction(tx: PgliteTransaction): PgliteTransaction {
  return {
    query: async (...args: Parameters<PgliteTransaction['query']>) => {
      await turnIfDue();
      return tx.query(...args);
    },
    sql: async (...args: Parameters<PgliteTransaction['sql']>) => {
      await turnIfDue();
      return tx.sql(...args);
    },
    exec: async (...args: Parameters<PgliteTransaction['exec']>) => {
      await turnIfDue();
      return tx.exec(...args);
    },
    rollback: () => tx.rollback(),
    listen: (...args: Parameters<PgliteTransaction['listen']>) => tx.listen(...args),
    get closed() {
      return tx.closed;
    },
  };
}

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  const listeners = new Set<ReturnType<typeof keepListening>>();
  return {
    db,
    kind: 'postgres',
    async withAdvisoryLock(key, fn) {
      const lockClient = await pool.connect();
      try {
        await lockClient.query('SELECT pg_advisory_lock(hashtext($1))', [key]);
        try {
          return await fn();
        } finally {
          await lockClient.query('SELECT pg_advisory_unlock(hashtext($1))', [key]);
        }
      } finally {
        lockClient.release();
      }
    },
    async listen(channel, onPayload, events = {}) {
      const listener = keepListening(url, channel, onPayload, events);
      await listener.start();
      listeners.add(listener);
      return async () => {
        listeners.delete(listener);
        await listener.stop();
      };
    },
    async notify(channel, payload) {
      await pool.query('SELECT pg_notify($1, $2)', [channel, payload]);
    },
    dumpDataDir: () => Promise.reject(new Error('dumpDataDir is only available on PGlite')),
    async close() {
      await Promise.all([...listeners].map((listener) => listener.stop()));
      listeners.clear();
      await pool.end();
    },
  };
}

/** The pause before listening again after the connection was lost: doubling from the first to the last. */
const RELISTEN_DELAYS_MS = { first: 100, max: 5_000 };

/**
 * A dedicated connection that LISTENs on `channel` and, when it is lost, connects and listens
 * again with backoff until it succeeds or is stopped. `start` fails if the first connection does.
 */
function keepListening(url: string, channel: string, onPayload: (payload: string) => void, events: ListenEvents) {
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  let delay = RELISTEN_DELAYS_MS.first;

  async function connect(): Promise<void> {
    const next = new pg.Client({ connectionString: url });
    let gone = false;
    const lose = (error: unknown) => {
      if (gone) return;
      gone = true;
      if (client !== next) return;
      client = undefined;
      if (stopped) return;
      events.lost?.(error);
      schedule();
    };
    // A terminated connection emits 'error' and then 'end'; a closed socket may emit only 'end'.
    next.on('error', lose);
    next.on('end', () => lose(new Error('the LISTEN connection ended')));
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      gone = true;
      await next.end().catch(() => undefined);
      throw error;
    }
    if (stopped) {
      await next.end();
      return;
    }
    client = next;
  }

  function schedule() {
    retry = setTimeout(async () => {
      retry = undefined;
      try {
        await connect();
      } catch {
        delay = Math.min(delay * 2, RELISTEN_DELAYS_MS.max);
        if (!stopped) schedule();
        return;
      }
      delay = RELISTEN_DELAYS_MS.first;
      if (!stopped) events.resumed?.();
    }, delay);
  }

  return {
    start: connect,
    async stop() {
      stopped = true;
      clearTimeout(retry);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}
