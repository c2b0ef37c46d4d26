// @ts-check
/**
 * The embedded database's own thread (ADR 029). PGlite runs PostgreSQL compiled to WebAssembly,
 * and every query runs synchronously in the thread that holds it: here, rather than on the
 * server's event loop. The server's thread talks to this one by messages (pglite-thread.ts, types
 * in pglite-protocol.ts). Plain JavaScript, checked by TypeScript through these comments: Node
 * runs it as it is, in the sources and in the compiled build alike.
 *
 * Messages in: `{ id, op, ... }`. Answers out: `{ id, result }` or `{ id, error }`; notices:
 * `{ notice: channel, payload }`. One transaction at a time holds PGlite (its own lock): queries
 * outside it wait, queries tagged with its `txid` run in it.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';

/** @typedef {import('./pglite-protocol').Request} Request */
/** @typedef {import('./pglite-protocol').SentError} SentError */
/** @typedef {import('./pglite-protocol').WorkerSettings} WorkerSettings */
/** @typedef {import('@electric-sql/pglite').Transaction} Transaction */
/** @typedef {{ tx: Transaction, finish: (commit: boolean) => void, done: Promise<unknown> }} OpenTransaction */

/** Thrown inside PGlite's transaction callback to make it roll back; never leaves this thread. */
class RollBack extends Error {}

/**
 * @param {unknown} error
 * @returns {SentError}
 */
function sendable(error) {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error), fields: {} };
  /** @type {SentError['fields']} */
  const fields = {};
  for (const [key, value] of Object.entries(error)) {
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
      fields[key] = value;
    }
  }
  return { name: error.name, message: error.message, fields };
}

/** @param {string} value */
const identity = (value) => value;
/**
 * The types a query asked to keep as PostgreSQL's text (Drizzle's parsers are all the identity).
 * @param {number[] | undefined} textTypes
 */
function asText(textTypes) {
  if (!textTypes) return undefined;
  return Object.fromEntries(textTypes.map((oid) => [oid, identity]));
}

async function main() {
  if (!parentPort) throw new Error('pglite-worker.mjs runs only as a worker thread');
  const port = parentPort;
  const settings = /** @type {WorkerSettings} */ (workerData);
  const pg = await PGlite.create({
    startParams: [...PGlite.defaultStartParams, ...settings.extraStartParams],
    ...(settings.dataDir ? { dataDir: settings.dataDir } : {}),
    ...(settings.loadDataDir ? { loadDataDir: new Blob([settings.loadDataDir]) } : {}),
  });
  /** @type {Map<number, OpenTransaction>} */
  const transactions = new Map();
  /** @type {Map<string, () => Promise<void>>} */
  const listening = new Map();
  let nextTxid = 1;

  /** @param {number | undefined} txid */
  const on = (txid) => {
    if (txid === undefined) return pg;
    const open = transactions.get(txid);
    if (!open) throw new Error(`transaction ${txid} is not open`);
    return open.tx;
  };

  /** @returns {Promise<number>} */
  function begin() {
    return new Promise((started, failed) => {
      const txid = nextTxid++;
      /** @type {(commit: boolean) => void} */
      let finish = () => undefined;
      /** @type {Promise<boolean>} */
      const ended = new Promise((resolve) => {
        finish = resolve;
      });
      const done = pg.transaction(async (tx) => {
        transactions.set(txid, { tx, finish, done });
        started(txid);
        if (!(await ended)) throw new RollBack();
      });
      done.then(
        () => transactions.delete(txid),
        (error) => {
          transactions.delete(txid);
          failed(error);
        },
      );
    });
  }

  /**
   * @param {number} txid
   * @param {boolean} commit
   */
  async function end(txid, commit) {
    const open = transactions.get(txid);
    if (!open) throw new Error(`transaction ${txid} is not open`);
    open.finish(commit);
    try {
      await open.done;
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
  }

  /**
   * @param {Request} request
   * @returns {Promise<unknown>}
   */
  async function handle(request) {
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
        return /** @type {Transaction} */ (on(request.txid)).rollback();
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

  port.on('message', (/** @type {{ id: number } & Request} */ message) => {
    handle(message).then(
      (result) => {
        const moved = message.op === 'dump' ? [/** @type {{ bytes: ArrayBuffer }} */ (result).bytes] : [];
        port.postMessage({ id: message.id, result }, moved);
        if (message.op === 'close') port.close();
      },
      (error) => port.postMessage({ id: message.id, error: sendable(error) }),
    );
  });
  port.postMessage({ ready: true });
}

main().catch((error) => {
  parentPort?.postMessage({ failed: sendable(error) });
});
