import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listingKey } from './search.routes';

const id = fc.integer({ min: 1, max: 2 ** 31 - 1 });
const body = fc.record({
  category_id: fc.array(id, { maxLength: 4 }),
  subcategory_id: fc.option(id, { nil: undefined }),
  size_id: fc.option(id, { nil: undefined }),
  print_id: fc.option(id, { nil: undefined }),
  gender_id: fc.option(id, { nil: undefined }),
  sort_id: fc.option(fc.constantFrom(1 as const, 2 as const, 3 as const), { nil: undefined }),
  page: fc.integer({ min: 1, max: 1000 }),
  per_page: fc.integer({ min: 1, max: 96 }),
});

describe('the answer cache key of sort_filter and filter', () => {
  it('is the same for equal bodies and differs for bodies that differ in any field', () => {
    fc.assert(
      fc.property(body, body, (a, b) => {
        const same = JSON.stringify(a) === JSON.stringify(b);
        expect(listingKey(a) === listingKey(b)).toBe(same);
        expect(listingKey(a)).toBe(listingKey(structuredClone(a)));
      }),
      { numRuns: 2000 },
    );
  });

  it('tells a missing choice from every id', () => {
    const none = { size_id: undefined, print_id: undefined, gender_id: undefined };
    const base = { ...none, category_id: [3], page: 1, per_page: 24 };
    expect(listingKey(base)).not.toBe(listingKey({ ...base, size_id: 1 }));
    expect(listingKey({ ...base, size_id: 1 })).not.toBe(listingKey({ ...base, print_id: 1 }));
    expect(listingKey({ ...base, category_id: [3, 1] })).not.toBe(listingKey({ ...base, category_id: [31] }));
  });
});
