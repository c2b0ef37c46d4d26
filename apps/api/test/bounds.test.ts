import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { boundFor, COST_MS, DEFAULT_BOUND_MS } from './bounds';

describe('the time bound of a test with much work', () => {
  it('grows with the count of its work: 40 shoppers of 4 calls and 10 checks get 170 s', () => {
    expect(boundFor({ operations: 40 * 4 + 10 })).toBe(170_000);
    expect(boundFor({ operations: 10, processStarts: 2 })).toBe(10 * COST_MS.operation + 2 * COST_MS.processStart);
  });

  it('keeps the default for little work, and never shrinks when the work grows', () => {
    expect(boundFor({ operations: 3 })).toBe(DEFAULT_BOUND_MS);
    fc.assert(
      fc.property(fc.nat(5_000), fc.nat(5_000), fc.nat(4), (a, b, starts) => {
        const [less, more] = a <= b ? [a, b] : [b, a];
        const small = boundFor({ operations: less, processStarts: starts });
        expect(small).toBeGreaterThanOrEqual(DEFAULT_BOUND_MS);
        expect(boundFor({ operations: more, processStarts: starts })).toBeGreaterThanOrEqual(small);
        expect(boundFor({ operations: more * 2 + 100, processStarts: starts })).toBeGreaterThan(small);
      }),
    );
  });
});
