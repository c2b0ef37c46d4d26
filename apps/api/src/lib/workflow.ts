/**
 * One named step of a workflow (ADR 021, ADR 042: placing an order, a refund). `run` does the work and records what it made in
 * the shared context; `undo`, when given, takes back what a completed `run` left behind once a
 * later step fails. A step whose work ends with a transaction's rollback needs no undo.
 */
export interface Step<Context> {
  readonly name: string;
  run(context: Context): Promise<void>;
  undo?(context: Context): Promise<void>;
}

/** An undo that itself failed: the sequence still undoes the earlier steps and rethrows the first error. */
export interface UndoFailure {
  step: string;
  error: unknown;
}

/**
 * Runs the steps in order. When one throws, the undo of each step that completed runs, the latest
 * first, then the step's error is rethrown. An undo that throws is reported to `onUndoFailure` and
 * does not stop the undoing of the steps before it.
 */
export async function runSteps<Context>(
  steps: readonly Step<Context>[],
  context: Context,
  onUndoFailure: (failure: UndoFailure) => void,
): Promise<Context> {
  const done: Step<Context>[] = [];
  for (const step of steps) {
    try {
      await step.run(context);
    } catch (error) {
      await undoAll(done, context, onUndoFailure);
      throw error;
    }
    done.push(step);
  }
  return context;
}

async function undoAll<Context>(
  done: readonly Step<Context>[],
  context: Context,
  onUndoFailure: (failure: UndoFailure) => void,
): Promise<void> {
  for (const step of [...done].reverse()) {
    if (!step.undo) continue;
    try {
      await step.undo(context);
    } catch (error) {
      onUndoFailure({ step: step.name, error });
    }
  }
}
