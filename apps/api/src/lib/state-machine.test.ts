import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AfterCommit, decide, defineProcess, type Effect, effectsOf, type Move, runEffects } from './state-machine';

type Light = 'red' | 'green' | 'amber' | 'off';
type Who = 'timer' | 'warden';
interface Context {
  readonly broken: boolean;
  readonly done: string[];
}

const note = (name: string, when?: (c: Context) => boolean): Effect<Context> => ({
  name,
  ...(when ? { when } : {}),
  run: async (c) => {
    c.done.push(name);
  },
});

const MOVES: Move<Light, Who, Context>[] = [
  { name: 'go', from: ['red'], to: 'green', by: ['timer'], effects: [note('beep')] },
  { name: 'slow', from: ['green'], to: 'amber', by: ['timer'] },
  { name: 'stop', from: ['amber'], to: 'red', by: ['timer'], effects: [note('flash', (c) => c.broken)] },
  {
    name: 'switch off',
    from: ['red', 'green', 'amber'],
    to: 'off',
    by: ['warden'],
    guard: (c) => (c.broken ? null : 'Only a broken light is switched off.'),
    requires: 'a broken light',
  },
];
const lights = defineProcess<Light, Who, Context>({
  name: 'light',
  states: ['red', 'green', 'amber', 'off'],
  moves: MOVES,
  everyMove: { effects: [note('log')] },
});

const ok = { broken: false, done: [] as string[] };

describe('defineProcess', () => {
  it('derives the transition table from the moves', () => {
    expect(lights.transitions).toEqual({
      red: ['green', 'off'],
      green: ['amber', 'off'],
      amber: ['red', 'off'],
      off: [],
    });
  });

  it('refuses a move to an unknown status, a move nobody makes, a guard without words and a move declared twice', () => {
    const states: Light[] = ['red', 'green'];
    const unknown = { name: 'x', from: ['red'], to: 'blue' as Light, by: ['timer'] } as const;
    expect(() => defineProcess({ name: 'l', states, moves: [unknown] })).toThrow('unknown status blue');
    const nobody = { name: 'x', from: ['red'], to: 'green', by: [] } as Move<Light, Who, Context>;
    expect(() => defineProcess({ name: 'l', states, moves: [nobody] })).toThrow('nobody may make it');
    const mute = { name: 'x', from: ['red'], to: 'green', by: ['timer'], guard: () => null } as Move<
      Light,
      Who,
      Context
    >;
    expect(() => defineProcess({ name: 'l', states, moves: [mute] })).toThrow('say what its guard requires');
    const twice = { name: 'x', from: ['red'], to: 'green', by: ['timer'] } as Move<Light, Who, Context>;
    expect(() => defineProcess({ name: 'l', states, moves: [twice, twice] })).toThrow('declared twice');
  });
});

describe('decide', () => {
  it('finds the move, by target or by name, for one who may make it', () => {
    const byTarget = decide(lights, { from: 'red', to: 'green', by: 'timer', context: ok });
    expect(byTarget.ok && byTarget.move.name).toBe('go');
    const byName = decide(lights, { from: 'green', action: 'slow', by: 'timer', context: ok });
    expect(byName.ok && byName.move.to).toBe('amber');
  });

  it('says why not: no such move, not this actor, or the guard in its own words', () => {
    expect(decide(lights, { from: 'red', to: 'amber', by: 'timer', context: ok })).toEqual({
      ok: false,
      code: 'NO_SUCH_MOVE',
      reason: 'A light that is red cannot become amber.',
    });
    expect(decide(lights, { from: 'red', to: 'green', by: 'warden', context: ok })).toMatchObject({
      ok: false,
      code: 'NOT_ALLOWED',
    });
    expect(decide(lights, { from: 'red', to: 'off', by: 'warden', context: ok })).toEqual({
      ok: false,
      code: 'GUARD',
      reason: 'Only a broken light is switched off.',
    });
    const broken = { broken: true, done: [] };
    expect(decide(lights, { from: 'red', to: 'off', by: 'warden', context: broken }).ok).toBe(true);
  });

  it('allows a move exactly when a declared move leads there, by that actor, with its guard passing', () => {
    const state = fc.constantFrom<Light>('red', 'green', 'amber', 'off');
    const who = fc.constantFrom<Who>('timer', 'warden');
    fc.assert(
      fc.property(state, state, who, fc.boolean(), (from, to, by, broken) => {
        const context = { broken, done: [] };
        const expected = MOVES.some(
          (m) => m.from.includes(from) && m.to === to && m.by.includes(by) && (m.guard?.(context) ?? null) === null,
        );
        expect(decide(lights, { from, to, by, context }).ok).toBe(expected);
      }),
    );
  });
});

describe('effects', () => {
  it('run the shared ones first, then the move’s own, each whose condition holds', async () => {
    const stop = MOVES[2] as Move<Light, Who, Context>;
    const calm = { broken: false, done: [] as string[] };
    await runEffects(effectsOf(lights, stop), calm);
    expect(calm.done).toEqual(['log']);
    const broken = { broken: true, done: [] as string[] };
    await runEffects(effectsOf(lights, stop), broken);
    expect(broken.done).toEqual(['log', 'flash']);
  });

  it('after commit: every job runs, in order, once; a failing one is reported and the rest still run', async () => {
    const after = new AfterCommit();
    const ran: string[] = [];
    after.queue('a', async () => void ran.push('a'));
    after.queue('b', async () => {
      throw new Error('catalogue down');
    });
    after.queue('c', async () => void ran.push('c'));
    const failures: string[] = [];
    await after.run(({ job }) => failures.push(job));
    await after.run(({ job }) => failures.push(job));
    expect(ran).toEqual(['a', 'c']);
    expect(failures).toEqual(['b']);
  });
});
