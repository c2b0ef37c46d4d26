import { Worker } from 'node:worker_threads';
import type { PGlite, Results, Transaction } from '@electric-sql/pglite';
import type { Answer, Request, SentError, WorkerSettings } from './pglite-protocol';

/** The message an error carries when the database's thread is gone (isDatabaseUnavailable knows it). */
export const THREAD_GONE = 'PGlite is closed';

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

type QueryOptions = {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
};

/** The part of PGlite's API that Drizzle and the shop use, answered by PGlite in its own thread. */
export interface PgliteThread {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression?: 'none' | 'gzip' | 'auto'): Promise<Blob | File>;
  close(): Promise<void>;
}

function received(sent: SentError): Error {
  const error = new Error(sent.message);
  error.name = sent.name;
  Object.assign(error, sent.fields);
  return error;
}

/** The types whose parser a query gave; each must keep the text as it is (Drizzle's do). */
const textTypesOf = new WeakMap<object, number[]>();
function textTypes(parsers: QueryOptions['parsers']): number[] | undefined {
  if (!parsers) return undefined;
  let types = textTypesOf.get(parsers);
  if (!types) {
    types = Object.entries(parsers).map(([oid, parse]) => {
      const probe = `probe-${oid}`;
      if (parse(probe, Number(oid)) !== probe) {
        throw new Error(`a parser for type ${oid} transforms its value: only text can cross to PGlite's thread`);
      }
      return Number(oid);
    });
    textTypesOf.set(parsers, types);
  }
  return types;
}

/**
 * Starts PGlite in a worker thread and answers a handle that speaks to it. Queries, transactions
 * and notices keep PGlite's semantics: one transaction at a time, other queries waiting for it.
 * The thread holds the process open only while a query or transaction is in progress.
 */
export async function startPgliteThread(settings: WorkerSettings): Promise<PgliteThread> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: settings,
    transferList: settings.loadDataDir ? [settings.loadDataDir] : [],
  });
  const pending = new Map<number, Pending>();
  const listeners = new Map<string, Set<(payload: string) => void>>();
  let nextId = 1;
  let busy = 0;
  let gone: Error | undefined;

  const hold = (delta: number) => {
    busy += delta;
    if (busy === 0) worker.unref();
    else if (busy === delta && delta > 0) worker.ref();
  };
  const stop = (why: Error) => {
    gone ??= why;
    for (const { reject } of pending.values()) reject(gone);
    pending.clear();
  };

  await new Promise<void>((ready, failed) => {
    worker.on('message', (message: Answer) => {
      if (message.ready) return ready();
      if (message.failed) return failed(received(message.failed));
      if (message.notice !== undefined) {
        for (const listener of listeners.get(message.notice) ?? []) listener(message.payload ?? '');
        return;
      }
      const waiting = message.id === undefined ? undefined : pending.get(message.id);
      if (!waiting || message.id === undefined) return;
      pending.delete(message.id);
      hold(-1);
      if (message.error) waiting.reject(received(message.error));
      else waiting.resolve(message.result);
    });
    worker.on('error', (error) => {
      failed(error);
      stop(new Error(`${THREAD_GONE}: its thread failed (${error.message})`, { cause: error }));
    });
    worker.on('exit', (code) => {
      failed(new Error(`PGlite's thread ended with code ${code} before it was ready`));
      stop(new Error(`${THREAD_GONE}: its thread has ended`));
    });
  });
  worker.unref();

  function ask<T>(request: Request): Promise<T> {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      hold(1);
      worker.postMessage({ id, ...request });
    });
  }

  const query = <T>(txid: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}) => {
    const types = textTypes(options.parsers);
    return ask<Results<T>>({
      op: 'query',
      sql,
      params,
      ...(options.rowMode ? { rowMode: options.rowMode } : {}),
      ...(types ? { textTypes: types } : {}),
      ...(txid === undefined ? {} : { txid }),
    });
  };

  async function transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txid = await ask<number>({ op: 'begin' });
    hold(1);
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => query<R>(txid, sql, params, options),
      exec: (sql: string) => ask<Results[]>({ op: 'exec', sql, txid }),
      async rollback() {
        await ask({ op: 'rollback', txid });
        closed = true;
      },
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    try {
      let result: T;
      try {
        result = await callback(tx);
      } catch (error) {
        await ask({ op: 'end', txid, commit: false }).catch(() => undefined);
        throw error;
      }
      await ask({ op: 'end', txid, commit: true });
      return result;
    } finally {
      closed = true;
      hold(-1);
    }
  }

  return {
    query: (sql, params, options) => query(undefined, sql, params, options),
    exec: (sql) => ask({ op: 'exec', sql }),
    transaction,
    async listen(channel, onPayload) {
      let set = listeners.get(channel);
      if (!set) {
        set = new Set();
        listeners.set(channel, set);
        await ask({ op: 'listen', channel });
      }
      set.add(onPayload);
      return async () => {
        set.delete(onPayload);
        if (set.size === 0 && listeners.get(channel) === set) {
          listeners.delete(channel);
          await ask({ op: 'unlisten', channel });
        }
      };
    },
    async dumpDataDir(compression = 'none') {
      const dump = await ask<{ bytes: ArrayBuffer; name?: string; type: string }>({ op: 'dump', compression });
      return dump.name
        ? new File([new Uint8Array(dump.bytes)], dump.name, { type: dump.type })
        : new Blob([new Uint8Array(dump.bytes)], { type: dump.type });
    },
    async close() {
      if (gone) return;
      // Held until the thread has ended, so that a closing process waits for it.
      hold(1);
      try {
        await ask({ op: 'close' });
        gone = new Error(THREAD_GONE);
        await worker.terminate();
      } finally {
        hold(-1);
      }
    },
  };
}

/** What Drizzle's PGlite driver is handed: the thread's handle, typed as the PGlite it stands for. */
export function asPglite(thread: PgliteThread): PGlite {
  return thread as unknown as PGlite;
}
