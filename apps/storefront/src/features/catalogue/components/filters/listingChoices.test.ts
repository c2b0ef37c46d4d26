import { describe, expect, it } from 'vitest';
import { countActiveFilters, NO_CHOICES, readListingChoices, writeListingChoices } from './listingChoices';

const read = (query: string) => readListingChoices(new URLSearchParams(query));

describe('listing choices in the query string', () => {
  it('reads categories, size, gender, print and sort', () => {
    expect(read('category=1,2&size=3&gender=&print=5&sort=2')).toEqual({
      categories: [1, 2],
      size: 3,
      gender: null,
      print: 5,
      sort: 2,
    });
  });

  it('reads one category parameter per ticked box, as the filter form sends them without JavaScript', () => {
    expect(read('category=4&category=2&size=&gender=1&print=&sort=')).toEqual({
      ...NO_CHOICES,
      categories: [4, 2],
      gender: 1,
    });
    expect(read('category=1,2&category=2&category=3').categories).toEqual([1, 2, 3]);
  });

  it('tells an untouched category list (absent) from an emptied one', () => {
    expect(read('').categories).toBeNull();
    expect(read('category=').categories).toEqual([]);
  });

  it('drops what is not an id or a sort code', () => {
    expect(read('category=1,x,0,1,-2&size=1.5&gender=abc&print=0&sort=4')).toEqual({
      ...NO_CHOICES,
      categories: [1],
    });
  });

  it('writes only the choices made, leaves the page’s own category out and keeps other parameters', () => {
    const written = writeListingChoices(
      new URLSearchParams('ref=mail&size=9'),
      { categories: [2, 1], size: null, gender: 1, print: null, sort: 3 },
      [1],
    );
    expect(written.toString()).toBe('ref=mail&category=1%2C2&gender=1&sort=3');
    expect(writeListingChoices(new URLSearchParams(), { ...NO_CHOICES, categories: [1] }, [1]).toString()).toBe('');
    expect(writeListingChoices(new URLSearchParams(), { ...NO_CHOICES, categories: [] }, [1]).toString()).toBe(
      'category=',
    );
  });

  it('drops the page number: other choices make another listing, which starts at its first page', () => {
    const written = writeListingChoices(new URLSearchParams('page=3&size=1'), { ...NO_CHOICES, size: 2 }, [1]);
    expect(written.toString()).toBe('size=2');
  });

  it('round-trips', () => {
    const choices = { categories: [1, 4], size: 2, gender: 3, print: 7, sort: 1 as const };
    expect(readListingChoices(writeListingChoices(new URLSearchParams(), choices, [1]))).toEqual(choices);
  });

  it('counts the filters that differ from the page’s own listing, not the sort', () => {
    expect(countActiveFilters({ ...NO_CHOICES, sort: 2 }, [1])).toBe(0);
    expect(countActiveFilters({ ...NO_CHOICES, categories: [1] }, [1])).toBe(0);
    expect(countActiveFilters({ categories: [1, 2], size: 1, gender: 1, print: 1, sort: null }, [1])).toBe(4);
  });
});
