/**
 * The messages between the server's thread and PGlite's (pglite-thread.ts and pglite-worker.mjs,
 * ADR 029). Types only: nothing here runs.
 */

/** What the thread is started with. */
export interface WorkerSettings {
  dataDir?: string;
  /** A data directory's tarball to start from (moved to the thread, not copied). */
  loadDataDir?: ArrayBuffer;
  /** PostgreSQL settings on top of PGlite's defaults, as `-c name=value` pairs. */
  extraStartParams: string[];
}

/** A request to the thread; each is sent with an `id`, which its answer carries back. */
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

/**
 * What the thread sends: an answer (`id` with `result` or `error`), a notice on a channel it listens
 * to, or, once, whether it started.
 */
export interface Answer {
  id?: number;
  result?: unknown;
  error?: SentError;
  notice?: string;
  payload?: string;
  ready?: boolean;
  failed?: SentError;
}
