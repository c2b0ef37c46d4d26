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
 * The worker and the requests it has yet to answer. The thread holds the process open only while one of them (or a
 * transaction) is in progress.
 */
class ThreadLink {
  readonly listeners = new Map<string, Set<(payload: string) => void>>();
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;
  private busy = 0;
  /** Why the thread can answer no more, once it cannot. */
  gone: Error | undefined;

  constructor(readonly worker: Worker) {}

  hold(delta: number) {
    this.busy += delta;
    if (this.busy === 0) this.worker.unref();
    else if (this.busy === delta && delta > 0) this.worker.ref();
  }

  /** Fails every request waiting and each later one with `why`. */
  private stop(why: Error) {
    this.gone ??= why;
    for (const { reject } of this.pending.values()) reject(this.gone);
    this.pending.clear();
  }

  /** Listens to the thread; settles once PGlite is open in it, or could not be. */
  connect(): Promise<void> {
    return new Promise<void>((ready, failed) => {
      this.worker.on('message', (message: Answer) => {
        if (message.ready) return ready();
        if (message.failed) return failed(received(message.failed));
        this.receive(message);
      });
      this.worker.on('error', (error) => {
        failed(error);
        this.stop(new Error(`${THREAD_GONE}: its thread failed (${error.message})`, { cause: error }));
      });
      this.worker.on('exit', (code) => {
        failed(new Error(`PGlite's thread ended with code ${code} before it was ready`));
        this.stop(new Error(`${THREAD_GONE}: its thread has ended`));
      });
    });
  }

  /** A notice for the channel's listeners, or the answer to a request. */
  private receive(message: Answer) {
    if (message.notice !== undefined) {
      for (const listener of this.listeners.get(message.notice) ?? []) listener(message.payload ?? '');
      return;
    }
    const waiting = message.id === undefined ? undefined : this.pending.get(message.id);
    if (!waiting || message.id === undefined) return;
    this.pending.delete(message.id);
    this.hold(-1);
    if (message.error) waiting.reject(received(message.error));
    else waiting.resolve(message.result);
  }

  ask<T>(request: Request): Promise<T> {
    if (this.gone) return Promise.reject(this.gone);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.hold(1);
      this.worker.postMessage({ id, ...request });
    });
  }

  query<T>(txid: number | undefined, sql: string, params: unknown[] = [], options: QueryOptions = {}) {
    const types = textTypes(options.parsers);
    return this.ask<Results<T>>({
      op: 'query',
      sql,
      params,
      ...(options.rowMode ? { rowMode: options.rowMode } : {}),
      ...(types ? { textTypes: types } : {}),
      ...(txid === undefined ? {} : { txid }),
    });
  }

  /** Runs `callback` in a transaction of the thread's: committed when it returns, rolled back when it throws. */
  async transaction<T>(callback: (tx: Transaction) => Promise<T>): Promise<T> {
    const txid = await this.ask<number>({ op: 'begin' });
    this.hold(1);
    let closed = false;
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.query<R>(txid, sql, params, options),
      exec: (sql: string) => this.ask<Results[]>({ op: 'exec', sql, txid }),
      rollback: async () => {
        await this.ask({ op: 'rollback', txid });
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
        await this.ask({ op: 'end', txid, commit: false }).catch(() => undefined);
        throw error;
      }
      await this.ask({ op: 'end', txid, commit: true });
      return result;
    } finally {
      closed = true;
      this.hold(-1);
    }
  }

  /** Calls `onPayload` with each notice on `channel`; answers the function that stops it. */
  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
      await this.ask({ op: 'listen', channel });
    }
    set.add(onPayload);
    const listening = set;
    return async () => {
      listening.delete(onPayload);
      if (listening.size === 0 && this.listeners.get(channel) === listening) {
        this.listeners.delete(channel);
        await this.ask({ op: 'unlisten', channel });
      }
    };
  }

  async close() {
    if (this.gone) return;
    // Held until the thread has ended, so that a closing process waits for it.
    this.hold(1);
    try {
      await this.ask({ op: 'close' });
      this.gone = new Error(THREAD_GONE);
      await this.worker.terminate();
    } finally {
      this.hold(-1);
    }
  }
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
  const link = new ThreadLink(worker);
  await link.connect();
  worker.unref();
  return {
    query: (sql, params, options) => link.query(undefined, sql, params, options),
    exec: (sql) => link.ask({ op: 'exec', sql }),
    transaction: (callback) => link.transaction(callback),
    listen: (channel, onPayload) => link.listen(channel, onPayload),
    async dumpDataDir(compression = 'none') {
      const dump = await link.ask<{ bytes: ArrayBuffer; name?: string; type: string }>({ op: 'dump', compression });
      return dump.name
        ? new File([new Uint8Array(dump.bytes)], dump.name, { type: dump.type })
        : new Blob([new Uint8Array(dump.bytes)], { type: dump.type });
    },
    close: () => link.close(),
  };
}

/** What Drizzle's PGlite driver is handed: the thread's handle, typed as the PGlite it stands for. */
export function asPglite(thread: PgliteThread): PGlite {
  return thread as unknown as PGlite;
}
