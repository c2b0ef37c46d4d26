import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { runSteps, type Step, type UndoFailure } from './workflow';

/** A step that writes what it does into the journal, failing where told. */
function step(
  journal: string[],
  name: string,
  options: { fails?: boolean; undo?: boolean; undoFails?: boolean } = {},
): Step<unknown> {
  return {
    name,
    run: async () => {
      if (options.fails) throw new Error(`${name} failed`);
      journal.push(`run ${name}`);
    },
    undo:
      options.undo === false
        ? undefined
        : async () => {
            if (options.undoFails) throw new Error(`undo ${name} failed`);
            journal.push(`undo ${name}`);
          },
  };
}

describe('runSteps', () => {
  it('runs every step in order and undoes nothing when all succeed', async () => {
    const journal: string[] = [];
    const context = { n: 1 };
    const result = await runSteps([step(journal, 'a'), step(journal, 'b')], context, () => {});
    expect(result).toBe(context);
    expect(journal).toEqual(['run a', 'run b']);
  });

  it('undoes the completed steps, latest first, and rethrows the failing step’s error', async () => {
    const journal: string[] = [];
    const steps = [
      step(journal, 'price'),
      step(journal, 'reserve'),
      step(journal, 'record'),
      step(journal, 'open', { fails: true }),
      step(journal, 'never'),
    ];
    await expect(runSteps(steps, {}, () => {})).rejects.toThrow('open failed');
    expect(journal).toEqual(['run price', 'run reserve', 'run record', 'undo record', 'undo reserve', 'undo price']);
  });

  it('skips a step without undo and does not undo the step that failed', async () => {
    const journal: string[] = [];
    const steps = [step(journal, 'a'), step(journal, 'b', { undo: false }), step(journal, 'c', { fails: true })];
    await expect(runSteps(steps, {}, () => {})).rejects.toThrow('c failed');
    expect(journal).toEqual(['run a', 'run b', 'undo a']);
  });

  it('reports an undo that throws, keeps undoing the earlier steps and rethrows the first error', async () => {
    const journal: string[] = [];
    const failures: UndoFailure[] = [];
    const steps = [step(journal, 'a'), step(journal, 'b', { undoFails: true }), step(journal, 'c', { fails: true })];
    await expect(runSteps(steps, {}, (failure) => failures.push(failure))).rejects.toThrow('c failed');
    expect(journal).toEqual(['run a', 'run b', 'undo a']);
    expect(failures.map((f) => [f.step, (f.error as Error).message])).toEqual([['b', 'undo b failed']]);
  });

  it('for any failing position, undoes exactly the completed steps that have an undo, in reverse', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.record({ undo: fc.boolean(), undoFails: fc.boolean() }), { minLength: 1, maxLength: 8 }),
        fc.nat(),
        async (shapes, at) => {
          const failing = at % shapes.length;
          const journal: string[] = [];
          const failures: string[] = [];
          const steps = shapes.map((shape, i) => step(journal, `s${i}`, { ...shape, fails: i === failing }));
          await expect(runSteps(steps, {}, (f) => failures.push(f.step))).rejects.toThrow(`s${failing} failed`);
          const completed = shapes.slice(0, failing).map((shape, i) => ({ ...shape, name: `s${i}` }));
          const undone = completed.filter((s) => s.undo).reverse();
          expect(journal).toEqual([
            ...completed.map((s) => `run ${s.name}`),
            ...undone.filter((s) => !s.undoFails).map((s) => `undo ${s.name}`),
          ]);
          expect(failures).toEqual(undone.filter((s) => s.undoFails).map((s) => s.name));
        },
      ),
    );
  });
});
