import type { AdminImportProgress, ImportPhase } from '@kapaas/contract';
import type { Database } from '@kapaas/db';
import { writeProgress } from './imports.repository';

/** The shortest time between two writes of one phase's progress: the import's speed is not spent on telling it. */
export const PROGRESS_EVERY_MS = 500;
/** Rows read between two reports while the file is parsed (each report is written at most every PROGRESS_EVERY_MS). */
export const PROGRESS_EVERY_ROWS = 2000;

/** Tells where an import stands: `rows done` of `rows total` in a phase (ADR 064, "Progress"). */
export type ReportProgress = (phase: ImportPhase, done: number, total: number | null) => Promise<void>;

/**
 * The progress of one import, kept in its `catalogue_imports` row so that any process of the shop can answer the
 * console's poll (on PostgreSQL the POST and the poll may land on different processes). A report is written when
 * the phase changes or ends (all its rows done), and otherwise at most every PROGRESS_EVERY_MS, so that the callers
 * may report every few hundred rows without slowing the import.
 *
 * While the commit's transaction is open, reports are written beside it (a connection of the pool) only when
 * `besideTransaction` says the database has one: PGlite's only connection is the transaction's, so there the
 * "writing" phase shows its start and then its end.
 */
export class ImportProgress {
  private last: { phase: ImportPhase | null; at: number } = { phase: null, at: 0 };
  private inTransaction = false;

  constructor(
    private readonly db: Database,
    readonly importId: number,
    private readonly besideTransaction: boolean,
    private readonly now: () => number = Date.now,
  ) {}

  readonly report: ReportProgress = async (phase, done, total) => {
    if (this.inTransaction && !this.besideTransaction) return;
    const at = this.now();
    // A phase's start and its end are always told; what is between, at most every PROGRESS_EVERY_MS.
    if (phase === this.last.phase && done !== total && at - this.last.at < PROGRESS_EVERY_MS) return;
    this.last = { phase, at };
    const progress: AdminImportProgress = { phase, rows_done: done, rows_total: total };
    await writeProgress(this.db, this.importId, progress);
  };

  /** Runs `write` (the commit's transaction) with reports written beside it only where the database can. */
  async during<T>(write: () => Promise<T>): Promise<T> {
    this.inTransaction = true;
    try {
      return await write();
    } finally {
      this.inTransaction = false;
    }
  }
}
