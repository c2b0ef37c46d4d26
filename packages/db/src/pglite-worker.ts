/**
 * The embedded database's own thread. PGlite runs PostgreSQL compiled to WebAssembly, and every
 * query runs synchronously in the thread that holds it: here, rather than on the server's event
 * loop. The server's thread talks to this one through messages (pglite-thread.ts); this file is
 * started as a worker thread and runs on Node's own TypeScript support, so it uses erasable syntax
 * only and imports packages, never the shop's own files.
 *
 * Messages in: `{ id, op, ... }`. Answers out: `{ id, result }` or `{ id, error }`; notifications:
 * `{ notice: channel, payload }`. One transaction at a time holds PGlite (its own lock): queries
 * outside it wait, queries tagged with its `txid` run in it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, type Transaction } from '@electric-sql/pglite';

export interface WorkerSettings {
  dataDir?: string;
  /** A data directory's tarball to start from (moved here, not copied). */
  loadDataDir?: ArrayBuffer;
  /** PostgreSQL settings on top of PGlite's defaults, as `-c name=value` pairs. */
  extraStartParams: string[];
}

export type Request =
  | { op: 'query'; sql: string; params: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[]; txid?: number }
  | { op: 'exec'; sql: string; txid?: number }
  | { op: 'begin' }
  | { op: 'rollback'; txid: number }
  | { op: 'end'; txid: number; commit: boolean }
  | { op: 'listen'; channel: string }
  | { op: 'unlisten'; channel: string }
  | { op: 'dump'; compression: 'none' | 'gzip' | 'auto' }
  | { op: 'close' };

/** An error as it crosses threads: its name, message and PostgreSQL's fields (code, constraint, …). */
export interface SentError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean | null>;
}

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
  done: Promise<unknown>;
}

/** Thrown inside PGlite's transaction callback to make it roll back; never leaves this thread. */
class RollBack extends Error {}

function sendable(error: unknown): SentError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  const fields: SentError['fields'] = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) {
      fields[key] = value as string | number | boolean | null;
    }
  }
  return { name: error.name, message: error.message, fields };
}

const identity = (value: string) => value;
/** The types a query asked to keep as PostgreSQL's text (Drizzle's parsers are all the identity). */
function asText(textTypes: number[] | undefined) {
  if (!textTypes) return undefined;
  return Object.fromEntries(textTypes.map((oid) => [oid, identity]));
}

async function main() {
  if (!parentPort) throw new Error('pglite-worker.ts runs only as a worker thread');
  const port = parentPort;
  const settings = workerData as WorkerSettings;
  const pg = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...settings.extraStartParams],
    ...(settings.dataDir ? { dataDir: settings.dataDir } : {}),
    ...(settings.loadDataDir ? { loadDataDir: new Blob([settings.loadDataDir]) } : {}),
  });
  const transactions = new Map<number, OpenTransaction>();
  const listening = new Map<string, () => Promise<void>>();
  let nextTxid = 1;

  const on = (txid: number | undefined) => {
    if (txid === undefined) return pg;
    const open = transactions.get(txid);
    if (!open) throw new Error(`transaction ${txid} is not open`);
    return open.tx;
  };

  function begin(): Promise<number> {
    return new Promise((started, failed) => {
      const txid = nextTxid++;
      let finish: (commit: boolean) => void = () => undefined;
      const ended = new Promise<boolean>((resolve) => {
        finish = resolve;
      });
      const done = pg.transaction(async (tx) => {
        transactions.set(txid, { tx, finish, done });
        started(txid);
        if (!(await ended)) throw new RollBack();
      });
      done.then(
        () => transactions.delete(txid),
        (error: unknown) => {
          transactions.delete(txid);
          failed(error);
        },
      );
    });
  }

  async function end(txid: number, commit: boolean) {
    const open = transactions.get(txid);
    if (!open) throw new Error(`transaction ${txid} is not open`);
    open.finish(commit);
    try {
      await open.done;
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
  }

  async function handle(request: Request): Promise<unknown> {
    switch (request.op) {
      case 'query': {
        const parsers = asText(request.textTypes);
        return on(request.txid).query(request.sql, request.params, {
          ...(request.rowMode ? { rowMode: request.rowMode } : {}),
          ...(parsers ? { parsers } : {}),
        });
      }
      case 'exec':
        return on(request.txid).exec(request.sql);
      case 'begin':
        return begin();
      case 'rollback':
        return on(request.txid).rollback();
      case 'end':
        return end(request.txid, request.commit);
      case 'listen':
        if (!listening.has(request.channel)) {
          const channel = request.channel;
          listening.set(channel, await pg.listen(channel, (payload) => port.postMessage({ notice: channel, payload })));
        }
        return undefined;
      case 'unlisten':
        await listening.get(request.channel)?.();
        listening.delete(request.channel);
        return undefined;
      case 'dump': {
        const dump = await pg.dumpDataDir(request.compression);
        const bytes = await dump.arrayBuffer();
        const name = dump instanceof File ? dump.name : undefined;
        return { bytes, name, type: dump.type };
      }
      case 'close':
        await pg.close();
        return undefined;
    }
  }

  port.on('message', (message: { id: number } & Request) => {
    handle(message).then(
      (result) => {
        const dumped = message.op === 'dump' ? [(result as { bytes: ArrayBuffer }).bytes] : [];
        port.postMessage({ id: message.id, result }, dumped);
        if (message.op === 'close') port.close();
      },
      (error: unknown) => port.postMessage({ id: message.id, error: sendable(error) }),
    );
  });
  port.postMessage({ ready: true });
}

main().catch((error: unknown) => {
  parentPort?.postMessage({ failed: sendable(error) });
});
