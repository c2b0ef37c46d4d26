import { MAX_PAGE } from '@kapaas/contract';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatCount,
  type PageSlot,
  pageSearch,
  pageWindow,
  paginationItems,
  readPageNumber,
  shownRange,
  writePageNumber,
} from './listingPaging';
import { settledPage } from './useListingPageNumber';

const read = (query: string) => readPageNumber(new URLSearchParams(query));
const numbersOf = (row: readonly PageSlot[]) => row.filter((slot): slot is number => slot !== 'gap');

describe('the page number in the query string', () => {
  it('reads a whole number from 1, and page 1 for anything else', () => {
    expect(read('')).toBe(1);
    expect(read('page=2')).toBe(2);
    expect(read('size=3&page=17')).toBe(17);
    for (const garbage of ['page=', 'page=0', 'page=-3', 'page=abc', 'page=2.5', 'page=1e3', 'page=%20']) {
      expect(read(garbage), garbage).toBe(1);
    }
  });

  it('reads a number past the highest page the API takes as that highest page', () => {
    expect(read(`page=${MAX_PAGE + 1}`)).toBe(MAX_PAGE);
    expect(read('page=99999999999999999999')).toBe(1);
  });

  it('writes page 1 as no parameter, keeps the other parameters, and round-trips', () => {
    const params = new URLSearchParams('size=3&page=4&sort=2');
    expect(writePageNumber(params, 1).toString()).toBe('size=3&sort=2');
    expect(writePageNumber(params, 7).toString()).toBe('size=3&page=7&sort=2');
    expect(pageSearch(new URLSearchParams('page=3'), 1)).toBe('');
    expect(pageSearch(new URLSearchParams('size=3'), 2)).toBe('?size=3&page=2');
    fc.assert(
      fc.property(fc.integer({ min: 1, max: MAX_PAGE }), (page) => {
        expect(readPageNumber(writePageNumber(new URLSearchParams('size=1'), page))).toBe(page);
      }),
    );
  });

  it('settles a page past the last on the last, and any page of an empty listing on the first', () => {
    expect(settledPage(9, 4)).toBe(4);
    expect(settledPage(3, 4)).toBe(3);
    expect(settledPage(5, 0)).toBe(1);
  });
});

describe('the row of page links', () => {
  it('shows every page when they fit, and the ends with gaps otherwise', () => {
    expect(pageWindow(1, 1, 1)).toEqual([1]);
    expect(pageWindow(3, 7, 1)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageWindow(1, 100, 1)).toEqual([1, 2, 3, 4, 5, 'gap', 100]);
    expect(pageWindow(5, 100, 1)).toEqual([1, 'gap', 4, 5, 6, 'gap', 100]);
    expect(pageWindow(100, 100, 1)).toEqual([1, 'gap', 96, 97, 98, 99, 100]);
    expect(pageWindow(4, 100, 0)).toEqual([1, 'gap', 4, 'gap', 100]);
    expect(pageWindow(3, 100, 0)).toEqual([1, 2, 3, 'gap', 100]);
  });

  it('always holds the first, last and current page, in order, in a row of one length, with no one-page gaps', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 5000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.integer({ min: 1, max: 5000 }),
        (pages, siblings, asked) => {
          const current = Math.min(asked, pages);
          const row = pageWindow(current, pages, siblings);
          const numbers = numbersOf(row);
          expect(row).toHaveLength(Math.min(pages, 2 * siblings + 5));
          expect(numbers).toContain(1);
          expect(numbers).toContain(pages);
          expect(numbers).toContain(current);
          for (let d = 1; d <= siblings; d++) {
            if (current - d >= 1) expect(numbers).toContain(current - d);
            if (current + d <= pages) expect(numbers).toContain(current + d);
          }
          for (let i = 1; i < row.length; i++) {
            const before = row[i - 1];
            const slot = row[i];
            if (slot === 'gap') {
              // A gap sits between two numbers and stands for two pages or more.
              const after = row[i + 1];
              expect(typeof before === 'number' && typeof after === 'number').toBe(true);
              expect((after as number) - (before as number)).toBeGreaterThan(2);
            } else if (before !== 'gap') {
              expect(slot).toBe((before as number) + 1);
            }
          }
        },
      ),
    );
  });

  it('merges the phone row and the wide row into one list from which either can be read back', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 3000 }), fc.integer({ min: 1, max: 3000 }), (pages, asked) => {
        const current = Math.min(asked, pages);
        const items = paginationItems(current, pages, { narrow: 0, wide: 1 });
        expect(items.filter((item) => item.narrow).map((item) => item.slot)).toEqual(pageWindow(current, pages, 0));
        expect(items.filter((item) => item.wide).map((item) => item.slot)).toEqual(pageWindow(current, pages, 1));
      }),
    );
  });

  it('marks what each width shows', () => {
    // Phone: 1 … 5 … 100; wider: 1 … 4 5 6 … 100.
    expect(paginationItems(5, 100, { narrow: 0, wide: 1 })).toEqual([
      { slot: 1, narrow: true, wide: true },
      { slot: 'gap', narrow: true, wide: true },
      { slot: 4, narrow: false, wide: true },
      { slot: 5, narrow: true, wide: true },
      { slot: 'gap', narrow: true, wide: false },
      { slot: 6, narrow: false, wide: true },
      { slot: 'gap', narrow: false, wide: true },
      { slot: 100, narrow: true, wide: true },
    ]);
  });
});

describe('the counts', () => {
  it('says which products of the whole listing a page shows', () => {
    expect(shownRange(1, 24, 24)).toEqual({ first: 1, last: 24 });
    expect(shownRange(2, 24, 24)).toEqual({ first: 25, last: 48 });
    expect(shownRange(3, 24, 5)).toEqual({ first: 49, last: 53 });
    expect(shownRange(9, 24, 0)).toBeNull();
  });

  it('groups digits the Indian way', () => {
    expect(formatCount(999)).toBe('999');
    expect(formatCount(12_345)).toBe('12,345');
    expect(formatCount(1_23_456)).toBe('1,23,456');
  });
});
