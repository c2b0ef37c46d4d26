import { mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { asPglite, type PgliteThread, startPgliteThread, THREAD_GONE } from './pglite-thread';
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
  THREAD_GONE,
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
  let client: PgliteThread;
  try {
    const bytes = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
    client = await startPgliteThread({
      extraStartParams: ['-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(bytes ? { loadDataDir: bytes } : {}),
    });
  } catch (error) {
    unlock?.();
    throw error;
  }
  const db = drizzlePglite(asPglite(client), { schema }) as unknown as Database;
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
    listen: (channel, onPayload) => client.listen(channel, onPayload),
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

async function openPostgres(url: string, poolSize = 10): Promise<DatabaseHandle> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize });
  // An idle client that loses its server must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  // Nor may a client in use: the pool listens for errors on idle clients only, and a client inside
  // a transaction, or held for an advisory lock, emits 'error' when PostgreSQL stops or restarts
  // (57P01, or the socket closing), which with no listener ends the process. The query under way,
  // or the next one on that client, fails as unavailable (503), and the pool drops the client when
  // it is released, since it is no longer queryable.
  pool.on('connect', (client) => {
    client.on('error', () => undefined);
  });
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
