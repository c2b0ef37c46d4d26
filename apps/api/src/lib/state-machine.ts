/**
 * One finite-state machine, written once for every process of the shop that moves a row through statuses: an order,
 * a payment, a return (ADR 042). A process declares in one object each of its moves:
 * - where from and where to;
 * - who may make it (`by`: the owner in the console, the payment code, the expiry sweep…);
 * - its guard: what must hold besides the status, answering the refusal in the words of the one refused;
 * - its effects: what happens in the same transaction, in order, each named so that docs and tests can list them;
 * - what is queued to run once that transaction commits (`afterCommit`).
 * Effects every move shares (a line in the history, a message) are declared once under `everyMove`.
 *
 * The process object is data plus small functions: the module that owns the rows writes the status (a compare-and-set
 * in its repository), then runs the effects this object names (`runEffects`) with a context of its own.
 */

/** One thing a move does. `when` limits it to some moves of a kind (a cash-on-delivery order's invoice at shipping). */
export interface Effect<Context> {
  readonly name: string;
  readonly when?: (context: Context) => boolean;
  run(context: Context): Promise<void>;
}

/**
 * A move of a process, as declared. Its guard sees `Context`; its effects see `EffectContext`, which adds what only
 * the move itself has (the transaction, the rows it changes). Most processes use one context for both.
 */
export interface Move<State extends string, Actor extends string, Context, EffectContext extends Context = Context> {
  /** What the move is called where people read it (`cancel`, `ship`), and how an action names it. */
  readonly name: string;
  readonly from: readonly State[];
  readonly to: State;
  readonly by: readonly Actor[];
  /** Why the move cannot be made now, in the words of the one refused, or null when it can. */
  readonly guard?: (context: Context) => string | null;
  /** What the guard asks for, in words, for the docs' table of moves: required with a guard. */
  readonly requires?: string;
  readonly effects?: readonly Effect<EffectContext>[];
  readonly afterCommit?: readonly Effect<EffectContext>[];
}

/** What a process declares. */
export interface ProcessSpec<
  State extends string,
  Actor extends string,
  Context,
  EffectContext extends Context = Context,
> {
  readonly name: string;
  readonly states: readonly State[];
  readonly moves: readonly Move<State, Actor, Context, EffectContext>[];
  readonly everyMove?: {
    readonly effects?: readonly Effect<EffectContext>[];
    readonly afterCommit?: readonly Effect<EffectContext>[];
  };
}

/** A process, checked, with its transition table (every status → the statuses one move reaches) derived. */
export interface Process<State extends string, Actor extends string, Context, EffectContext extends Context = Context>
  extends ProcessSpec<State, Actor, Context, EffectContext> {
  readonly transitions: Readonly<Record<State, readonly State[]>>;
}

/**
 * Checks a process and derives its transition table. Throws (at start-up, in every test that imports it) when a move
 * names a status the process does not have, when a move has no actor, when a guard says not in words what it
 * requires, or when two moves of the same name and actor
 * start from the same status and land in the same one (which of them applies would be ambiguous).
 */
export function defineProcess<
  State extends string,
  Actor extends string,
  Context,
  EffectContext extends Context = Context,
>(spec: ProcessSpec<State, Actor, Context, EffectContext>): Process<State, Actor, Context, EffectContext> {
  const transitions = Object.fromEntries(spec.states.map((state) => [state, [] as State[]])) as Record<State, State[]>;
  const seen = new Set<string>();
  for (const move of spec.moves) {
    for (const status of [...move.from, move.to]) {
      if (!spec.states.includes(status)) throw new Error(`${spec.name} move ${move.name}: unknown status ${status}`);
    }
    if (move.by.length === 0) throw new Error(`${spec.name} move ${move.name}: nobody may make it`);
    if (move.guard && !move.requires) throw new Error(`${spec.name} move ${move.name}: say what its guard requires`);
    for (const from of move.from) {
      for (const actor of move.by) {
        const key = `${move.name}|${actor}|${from}|${move.to}`;
        if (seen.has(key)) throw new Error(`${spec.name}: ${key} is declared twice`);
        seen.add(key);
      }
      if (!transitions[from].includes(move.to)) transitions[from].push(move.to);
    }
  }
  return { ...spec, transitions };
}

/** Whether any move leads from `from` to `to`, whoever makes it. */
export function canMove<State extends string, Actor extends string, Context, EffectContext extends Context>(
  process: Process<State, Actor, Context, EffectContext>,
  from: State,
  to: State,
): boolean {
  return process.transitions[from].includes(to);
}

/** The move to make, or why not: `code` tells a caller whether the status, the actor or the guard refused it. */
export type Decision<State extends string, Actor extends string, Context, EffectContext extends Context = Context> =
  | { ok: true; move: Move<State, Actor, Context, EffectContext> }
  | { ok: false; code: 'NO_SUCH_MOVE' | 'NOT_ALLOWED' | 'GUARD'; reason: string };

/** What a caller asks for: a target status, or a named action (whose target the guards choose). */
export type Wanted<State extends string> = { to: State } | { action: string };

/**
 * Which move `by` makes from `from` towards what it wants, given the context: the first declared move that starts at
 * `from`, matches the target or the action, may be made by `by`, and whose guard passes. When none does, the refusal
 * says the most precise reason: a guard's own words, else that `by` may not make such a move, else that no such move
 * exists from this status.
 */
export function decide<State extends string, Actor extends string, Context, EffectContext extends Context>(
  process: Process<State, Actor, Context, EffectContext>,
  request: { from: State; by: Actor; context: Context } & Wanted<State>,
): Decision<State, Actor, Context, EffectContext> {
  const { from, by, context } = request;
  const matching = process.moves.filter(
    (move) => move.from.includes(from) && ('to' in request ? move.to === request.to : move.name === request.action),
  );
  const mine = matching.filter((move) => move.by.includes(by));
  let refusal: string | null = null;
  for (const move of mine) {
    const guarded = move.guard?.(context) ?? null;
    if (guarded === null) return { ok: true, move };
    refusal ??= guarded;
  }
  if (refusal !== null) return { ok: false, code: 'GUARD', reason: refusal };
  const wanted = 'to' in request ? `become ${request.to}` : `be ${request.action.replaceAll('_', ' ')}`;
  if (matching.length > 0) return { ok: false, code: 'NOT_ALLOWED', reason: `The ${by} cannot make this move.` };
  return { ok: false, code: 'NO_SUCH_MOVE', reason: `${capitalised(process.name)} that is ${from} cannot ${wanted}.` };
}

const capitalised = (name: string) => `A${/^[aeiou]/.test(name) ? 'n' : ''} ${name}`;

/** The effects a move makes in its transaction: the process's shared ones first, then its own, in order. */
export function effectsOf<State extends string, Actor extends string, Context, EffectContext extends Context>(
  process: Process<State, Actor, Context, EffectContext>,
  move: Move<State, Actor, Context, EffectContext>,
): readonly Effect<EffectContext>[] {
  return [...(process.everyMove?.effects ?? []), ...(move.effects ?? [])];
}

/** What a move queues for after the commit: its own, then the process's shared ones. */
export function afterCommitOf<State extends string, Actor extends string, Context, EffectContext extends Context>(
  process: Process<State, Actor, Context, EffectContext>,
  move: Move<State, Actor, Context, EffectContext>,
): readonly Effect<EffectContext>[] {
  return [...(move.afterCommit ?? []), ...(process.everyMove?.afterCommit ?? [])];
}

/**
 * Thrown by an effect when the move cannot be completed after all (a late payment's pieces sold out meanwhile): the
 * caller's transaction, or the savepoint it made the move in, rolls back, and the message says why.
 */
export class EffectRefused extends Error {
  override readonly name = 'EffectRefused';
}

/** Runs effects in order, each whose `when` holds (or has none). An effect that throws stops the rest. */
export async function runEffects<Context>(effects: readonly Effect<Context>[], context: Context): Promise<void> {
  for (const effect of effects) {
    if (effect.when && !effect.when(context)) continue;
    await effect.run(context);
  }
}

/**
 * Work queued in a transaction to run once it commits: telling the catalogue that stock changed, for instance. A
 * transaction that rolls back never runs its queue. The jobs are idempotent announcements, so a job queued inside a
 * savepoint that rolled back afterwards does no harm when it runs. A job that fails is reported and does not stop the
 * others: the transaction is committed, and nothing can undo it.
 */
export class AfterCommit {
  readonly #jobs: { name: string; run: () => Promise<void> }[] = [];

  queue(name: string, run: () => Promise<void>): void {
    this.#jobs.push({ name, run });
  }

  async run(onFailure: (failure: { job: string; error: unknown }) => void): Promise<void> {
    const jobs = this.#jobs.splice(0);
    for (const job of jobs) {
      try {
        await job.run();
      } catch (error) {
        onFailure({ job: job.name, error });
      }
    }
  }
}
